/**
 * stackfx/server: what an app's server (never its browser bundle) uses besides the tiers: verifying and decoding
 * the webhooks the service delivers, their typed refusals and the events' schemas.
 *
 * @example
 * import { verifyWebhookRequest } from "stackfx/server"
 * const event = yield* verifyWebhookRequest(request, process.env.STACK_WEBHOOK_SECRET ?? "")
 *
 * The tiers stay in `stackfx`; this entry imports nothing of theirs, so a bundle of the app's pages never
 * carries the webhook verifier (nor `standardwebhooks`).
 */

// Every public name is listed by name, as in the root entry (a change to the surface is a change to this file).
// Never write the JSDoc tag that hides a name, at-sign and all, above an export line here: `stripInternal` would
// drop the line from the declarations (scripts/check-declarations.ts checks).

// Webhooks (issue 38): verifying a delivery, its typed refusals, the events' schemas and the demo's secret.
export {
  verifyWebhook,
  verifyWebhookRequest,
  WebhookBodyUnreadable,
  WebhookPayloadInvalid,
  WebhookSecretInvalid,
  WebhookSignatureInvalid,
  WebhookTimestampOutsideWindow,
  WebhookUnknownEventType
} from "../services/app-server/verify-webhook.js"
export type {
  WebhookDelivery as ReceivedWebhook,
  WebhookHeaders,
  WebhookVerificationFailure
} from "../services/app-server/verify-webhook.js"
export { WEBHOOK_EVENT_TYPES, WebhookEvent } from "../domain/webhook-event.js"
export type {
  DeletedTeam,
  DeletedUser,
  WebhookEventOf,
  WebhookEventType,
  WebhookTestData
} from "../domain/webhook-event.js"
export { DEMO_WEBHOOK_SECRET } from "../domain/webhook-endpoint.js"
