/**
 * Webhooks (admin): the local backend's own endpoint and delivery management below `/local-backend/webhooks`
 * and the service's `POST /internal/send-test-webhook` (operations/webhooks/webhook-endpoints.ts); the
 * declarations are in contract/local-webhooks.ts and contract/admin.ts.
 */
import * as Effect from "effect/Effect"
import { WebhooksApi } from "@stackfx/lib/contract/admin.js"
import { LocalWebhooksApi } from "@stackfx/lib/contract/local-webhooks.js"
import { serve } from "../../http/serve.js"
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  listWebhookDeliveries,
  resendDelivery,
  sendTestWebhookNow
} from "../../operations/webhooks/webhook-endpoints.js"

export const routes = [
  serve(LocalWebhooksApi.listEndpoints, ({ auth }) => listEndpoints(auth.project.id)),
  serve(LocalWebhooksApi.createEndpoint, ({ auth, body }) => createEndpoint(auth.project.id, body)),
  serve(LocalWebhooksApi.deleteEndpoint, ({ auth, params }) => deleteEndpoint(auth.project.id, params.endpoint_id)),
  serve(LocalWebhooksApi.listDeliveries, ({ auth }) =>
    Effect.map(listWebhookDeliveries(auth.project.id), (items) => ({ items, isPaginated: false as const }))
  ),
  serve(LocalWebhooksApi.resendDelivery, ({ auth, params }) => resendDelivery(params.delivery_id, auth.project.id)),
  serve(WebhooksApi.sendTest, ({ auth, body }) => sendTestWebhookNow(auth.project.id, body.endpointId))
]
