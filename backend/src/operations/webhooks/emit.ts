/**
 * Emitting an event: the write that causes it calls `emitWebhook` inside its own transaction, which records the
 * message (its body encoded with the event's schema, as the service's `{ type, data }` in the server view) and
 * a delivery to each endpoint of the project. Rolled back with the write, committed with it: an event is never
 * delivered for a write that did not happen, nor lost for one that did (the dispatcher sends it after commit).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { WebhookEvent } from "@stackfx/lib/domain/webhook-event.js"
import { randomId } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../../store/db.js"
import { insertWebhookMessage } from "../../store/webhooks/webhook-deliveries.js"

const encodeEvent = Schema.encodeUnknownEffect(Schema.fromJsonString(WebhookEvent))

/** A message id as Svix spells them (`msg_...`): what receivers drop repeats by. */
export const newMessageId: Effect.Effect<string> = Effect.map(randomId, (id) => `msg_${id.replaceAll("-", "")}`)

/**
 * Records `event` for every endpoint of the project, in the caller's transaction; `to` sends it to one endpoint
 * only, under a message id of the caller's.
 */
export const emitWebhook = (
  projectId: string,
  event: WebhookEvent,
  to?: { readonly endpointId: string; readonly messageId: string }
): DbEffect<void> =>
  Effect.gen(function* () {
    // The event is built by the backend from its own rows: a value its schema cannot encode is a bug.
    const body = yield* Effect.orDie(encodeEvent(event))
    const message = {
      id: to?.messageId ?? (yield* newMessageId),
      projectId,
      eventType: event.type,
      body,
      createdAt: new Date(yield* Clock.currentTimeMillis)
    }
    yield* Db.transaction(insertWebhookMessage(message, to?.endpointId))
  })

/** Emits several events in order, in the caller's transaction. */
export const emitWebhooks = (projectId: string, events: ReadonlyArray<WebhookEvent>): DbEffect<void> =>
  Effect.forEach(events, (event) => emitWebhook(projectId, event), { discard: true })
