/**
 * Verifying and decoding a webhook delivery in the app: the signature is checked by the `standardwebhooks`
 * package (the Standard Webhooks scheme Svix signs the service's deliveries with; the Svix header names
 * `svix-id` / `svix-timestamp` / `svix-signature` and the `webhook-*` ones are both read), its timestamp must
 * be within the scheme's replay window (5 minutes either way), and the body decodes into a `WebhookEvent`, a
 * union tagged by `type`. Plain Web APIs only: it runs in Node, edge runtimes and a TanStack Start server route.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Webhook, WebhookVerificationError } from "standardwebhooks"
import { isWebhookEventType, WebhookEvent } from "../../domain/webhook-event.js"

/** The signature headers are missing or no signature matches the body and the secret. */
export class WebhookSignatureInvalid extends Schema.TaggedError<WebhookSignatureInvalid>()("WebhookSignatureInvalid", {
  message: Schema.String
}) {}

/** The delivery's timestamp is outside the replay window (too old, or in the future). */
export class WebhookTimestampOutsideWindow extends Schema.TaggedError<WebhookTimestampOutsideWindow>()(
  "WebhookTimestampOutsideWindow",
  { message: Schema.String }
) {}

/** A correctly signed event of a type this version of stackfx does not know. */
export class WebhookUnknownEventType extends Schema.TaggedError<WebhookUnknownEventType>()("WebhookUnknownEventType", {
  type: Schema.String,
  message: Schema.String
}) {}

/** A correctly signed event of a known type whose `data` does not have the event's shape. */
export class WebhookPayloadInvalid extends Schema.TaggedError<WebhookPayloadInvalid>()("WebhookPayloadInvalid", {
  type: Schema.String,
  message: Schema.String
}) {}

/** The secret is not a `whsec_` secret (a configuration mistake of the app). */
export class WebhookSecretInvalid extends Schema.TaggedError<WebhookSecretInvalid>()("WebhookSecretInvalid", {
  message: Schema.String
}) {}

/** Every way `verifyWebhook` can refuse a delivery: match on `_tag`. */
export type WebhookVerificationFailure =
  | WebhookSignatureInvalid
  | WebhookTimestampOutsideWindow
  | WebhookUnknownEventType
  | WebhookPayloadInvalid
  | WebhookSecretInvalid

/** Request headers as a web `Headers`, or a record as Node's `IncomingHttpHeaders`. */
export type WebhookHeaders =
  | { readonly get: (name: string) => string | null }
  | Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

/** What a delivery is: its raw body (exactly as received) and its headers. */
export interface WebhookDelivery {
  readonly body: string
  readonly headers: WebhookHeaders
}

const headerOf = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof headers.get === "function") return headers.get(name) ?? undefined
  const record = headers as Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  const key = Object.keys(record).find((k) => k.toLowerCase() === name)
  const value = key === undefined ? undefined : record[key]
  return typeof value === "string" ? value : value?.[0]
}

/** The three signature headers under the Standard Webhooks names, from either spelling. */
const signatureHeaders = (headers: WebhookHeaders): Record<string, string> => {
  const read = (part: string) => headerOf(headers, `svix-${part}`) ?? headerOf(headers, `webhook-${part}`) ?? ""
  return { "webhook-id": read("id"), "webhook-timestamp": read("timestamp"), "webhook-signature": read("signature") }
}

const EventEnvelope = Schema.Struct({ type: Schema.String })
const decodeEnvelope = Schema.decodeUnknownEffect(Schema.fromJsonString(EventEnvelope))
const decodeEvent = Schema.decodeUnknownEffect(Schema.fromJsonString(WebhookEvent))

const checkSignature = (delivery: WebhookDelivery, secret: string) =>
  Effect.gen(function* () {
    const webhook = yield* Effect.try({
      try: () => new Webhook(secret),
      catch: () => new WebhookSecretInvalid({ message: "The webhook secret is not a whsec_ secret." })
    })
    yield* Effect.try({
      try: () => webhook.verify(delivery.body, signatureHeaders(delivery.headers), { jsonParse: false }),
      catch: (error) => {
        const message = error instanceof Error ? error.message : String(error)
        return error instanceof WebhookVerificationError && /timestamp too (old|new)/i.test(message)
          ? new WebhookTimestampOutsideWindow({ message })
          : new WebhookSignatureInvalid({ message })
      }
    })
  })

/**
 * Verifies a delivery's signature with `secret` (the endpoint's `whsec_...`) and decodes its body.
 *
 * @example
 * const event = yield* verifyWebhook({ body: await request.text(), headers: request.headers }, secret)
 * Match.value(event).pipe(Match.discriminatorsExhaustive("type")({ "user.created": ..., ... }))
 */
export const verifyWebhook = (
  delivery: WebhookDelivery,
  secret: string
): Effect.Effect<WebhookEvent, WebhookVerificationFailure> =>
  Effect.gen(function* () {
    yield* checkSignature(delivery, secret)
    // Signed by the service, so JSON; a body that is not would not pass the signature check of a real delivery.
    const { type } = yield* Effect.mapError(
      decodeEnvelope(delivery.body),
      (error) => new WebhookPayloadInvalid({ type: "", message: error.message })
    )
    if (!isWebhookEventType(type)) {
      return yield* Effect.fail(new WebhookUnknownEventType({ type, message: `Unknown webhook event type: ${type}` }))
    }
    return yield* Effect.mapError(
      decodeEvent(delivery.body),
      (error) => new WebhookPayloadInvalid({ type, message: error.message })
    )
  })

/** The request's body could not be read. */
export class WebhookBodyUnreadable extends Schema.TaggedError<WebhookBodyUnreadable>()("WebhookBodyUnreadable", {
  message: Schema.String
}) {}

/** {@link verifyWebhook} of a web `Request` (a fetch handler, an edge function, a TanStack Start server route). */
export const verifyWebhookRequest = (
  request: Request,
  secret: string
): Effect.Effect<WebhookEvent, WebhookVerificationFailure | WebhookBodyUnreadable> =>
  Effect.flatMap(
    Effect.tryPromise({
      try: () => request.text(),
      catch: (error) => new WebhookBodyUnreadable({ message: error instanceof Error ? error.message : String(error) })
    }),
    (body) => verifyWebhook({ body, headers: request.headers }, secret)
  )
