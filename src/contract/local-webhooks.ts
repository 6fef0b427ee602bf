/**
 * Webhooks. The hosted service manages a project's endpoints in Svix's portal, which has no local counterpart,
 * so the endpoints and deliveries below `/local-backend/webhooks` are the local backend's own API (admin), not
 * the service's (the service's `POST /internal/send-test-webhook` is declared in admin.ts).
 */
import { ListResponse } from "../domain/list.js"
import { SuccessResponse } from "../domain/success.js"
import {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate
} from "../domain/webhook-endpoint.js"
import { ADMIN, ADMIN_TOKEN_ERRORS } from "./access.js"
import { endpoint } from "./declaration.js"

const LOCAL = "(the local backend's own API; the hosted service manages endpoints in Svix's portal)"

export const LocalWebhooksApi = {
  listEndpoints: endpoint({
    name: "localWebhooks.listEndpoints",
    summary: `The project's webhook endpoints, oldest first ${LOCAL}`,
    method: "GET",
    path: "/local-backend/webhooks/endpoints",
    access: ADMIN,
    success: ListResponse(WebhookEndpoint),
    errors: ADMIN_TOKEN_ERRORS
  }),
  createEndpoint: endpoint({
    name: "localWebhooks.createEndpoint",
    summary: `Adds a webhook endpoint (an http or https URL); the answer is the only one that shows its secret ${LOCAL}`,
    method: "POST",
    path: "/local-backend/webhooks/endpoints",
    access: ADMIN,
    body: WebhookEndpointCreate,
    success: CreatedWebhookEndpoint,
    status: 201,
    errors: ADMIN_TOKEN_ERRORS
  }),
  deleteEndpoint: endpoint({
    name: "localWebhooks.deleteEndpoint",
    summary: `Removes a webhook endpoint and its deliveries ${LOCAL}`,
    method: "DELETE",
    path: "/local-backend/webhooks/endpoints/{endpoint_id}",
    access: ADMIN,
    success: SuccessResponse,
    errors: ADMIN_TOKEN_ERRORS
  }),
  listDeliveries: endpoint({
    name: "localWebhooks.listDeliveries",
    summary: `The project's newest webhook deliveries, newest first ${LOCAL}`,
    method: "GET",
    path: "/local-backend/webhooks/deliveries",
    access: ADMIN,
    success: ListResponse(WebhookDelivery),
    errors: ADMIN_TOKEN_ERRORS
  }),
  resendDelivery: endpoint({
    name: "localWebhooks.resendDelivery",
    summary: `Sends a delivery again, now ${LOCAL}`,
    method: "POST",
    path: "/local-backend/webhooks/deliveries/{delivery_id}/resend",
    access: ADMIN,
    success: SuccessResponse,
    errors: ADMIN_TOKEN_ERRORS
  })
}
