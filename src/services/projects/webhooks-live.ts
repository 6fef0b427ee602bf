/** The implementation of {@link Webhooks}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { SvixToken } from "../../domain/admin-actions.js"
import { documented } from "../http/endpoint.js"
import { jsonBody, Transport } from "../http/transport.js"
import type { WebhooksShape } from "./webhooks.js"
import { WebhooksErrors } from "./webhooks-errors.js"

export const makeWebhooks: Effect.Effect<WebhooksShape, never, Transport> = Effect.map(Transport, (transport) => ({
  svixToken: transport.requestJson({ method: "POST", path: "/webhooks/svix-token", body: jsonBody({}) }, SvixToken).pipe(
    Effect.map((answer) => answer.token),
    documented(...WebhooksErrors.svixToken)
  )
}))
