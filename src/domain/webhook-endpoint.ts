/**
 * The local backend's webhook management (`/local-backend/webhooks/...`, admin): a project's endpoints and the
 * deliveries made to them. The hosted service manages endpoints in Svix's portal, so these shapes are the
 * local backend's own, not the service's.
 */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** What a new endpoint takes: an http or https URL (checked by the backend) and a note. */
export const WebhookEndpointCreate = wireStruct({
  url: Schema.String.check(Schema.isMaxLength(2_048)),
  description: Schema.optional(Schema.String.check(Schema.isMaxLength(1_000)))
})
export type WebhookEndpointCreate = typeof WebhookEndpointCreate.Type

const endpointFields = {
  id: Schema.String,
  url: Schema.String,
  description: Schema.String,
  createdAtMillis: Schema.Number
}

/** An endpoint as listed: never its secret. */
export const WebhookEndpoint = wireStruct(endpointFields)
export type WebhookEndpoint = typeof WebhookEndpoint.Type

/** A new endpoint, with its `whsec_` signing secret: the one answer that shows it. */
export const CreatedWebhookEndpoint = wireStruct({ ...endpointFields, secret: Schema.String })
export type CreatedWebhookEndpoint = typeof CreatedWebhookEndpoint.Type

/** One delivery of a message to an endpoint, and where it stands. */
export const WebhookDelivery = wireStruct({
  id: Schema.String,
  messageId: Schema.String,
  endpointId: Schema.String,
  endpointUrl: Schema.String,
  eventType: Schema.String,
  status: Schema.Literals(["pending", "succeeded", "failed"]),
  attempts: Schema.Number,
  createdAtMillis: Schema.Number,
  nextAttemptAtMillis: Schema.NullOr(Schema.Number),
  lastStatusCode: Schema.NullOr(Schema.Number),
  lastError: Schema.NullOr(Schema.String),
  /** The JSON body as sent. */
  payload: Schema.String
})
export type WebhookDelivery = typeof WebhookDelivery.Type

/**
 * The signing secret of the demo project's endpoints made by `stackfx dev --webhook <url>`: public like the demo
 * project's keys (base64 of "this-webhook-secret-is-for-the-local-demo-only"), so an app on the demo project
 * verifies its deliveries without copying a secret. Endpoints made through the API get random secrets.
 */
export const DEMO_WEBHOOK_SECRET = "whsec_dGhpcy13ZWJob29rLXNlY3JldC1pcy1mb3ItdGhlLWxvY2FsLWRlbW8tb25seQ=="
