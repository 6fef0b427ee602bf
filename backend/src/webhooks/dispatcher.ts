/**
 * The dispatcher: a fiber of the running backend that sends the outbox's due deliveries. It claims them
 * (store/webhooks/webhook-deliveries.ts: each endpoint's oldest pending delivery only, under a lease, `FOR
 * UPDATE SKIP LOCKED`), sends each in a fiber of its own (a slow endpoint holds up nobody else; its own next
 * message waits, which keeps its order), records the attempt and schedules the retry (retry-schedule.ts).
 *
 * It looks for due deliveries when the database's generation moved (a write committed here, maybe a webhook's)
 * and at least every `POLL_MILLIS` (writes of other instances on the same PostgreSQL, retries coming due,
 * lapsed leases of a crashed instance). Delivery is at least once: an attempt whose outcome was not recorded
 * (the process died meanwhile) is sent again when its lease lapses, under the same message id.
 *
 * A test's project has a time of its own (project-times.ts): its attempts are recorded and its retries come due
 * by that time, and a report of it wakes the dispatcher. Signatures and leases stay on the process's clock: the
 * receiver checks the signature's timestamp against its wall clock, and a lease is about this process's life.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Db } from "../store/db.js"
import { type ClaimedDelivery, claimDueDeliveries, recordAttempt } from "../store/webhooks/webhook-deliveries.js"
import { ProjectTimes, type ProjectTimesShape } from "./project-times.js"
import { delayAfterFailures } from "./retry-schedule.js"
import { DEFAULT_DELIVERY_TIMEOUT_MILLIS, sendAttempt } from "./send.js"

/** How often the outbox is read when nothing happened here. */
const POLL_MILLIS = 1_000
/** How often the database's generation is compared. */
const TICK_MILLIS = 25
/** How many deliveries one claim takes at most. */
const CLAIM_LIMIT = 32
/** How long a claim outlives the attempt's timeout (recording the outcome). */
const LEASE_MARGIN_MILLIS = 2_000

export interface WebhookDispatcherOptions {
  /** How long a receiver may take to answer; Svix's 15 seconds by default. */
  readonly timeoutMillis?: number | undefined
}

export interface WebhookDispatcherShape {
  /** The time a receiver may take to answer (the management API's test send waits a little longer). */
  readonly timeoutMillis: number
}

const attempt = (delivery: ClaimedDelivery, timeoutMillis: number, times: ProjectTimesShape) =>
  Effect.gen(function* () {
    const signedAt = new Date(yield* Clock.currentTimeMillis)
    const at = new Date(times.all().get(delivery.projectId) ?? signedAt.getTime())
    const result = yield* sendAttempt(
      { url: delivery.url, secret: delivery.secret, messageId: delivery.messageId, body: delivery.body, at: signedAt },
      timeoutMillis
    )
    const ok = result._tag === "Answered" && result.status >= 200 && result.status < 300
    const delay = ok ? undefined : yield* delayAfterFailures(delivery.attempts + 1)
    yield* recordAttempt(delivery.seq, {
      at,
      statusCode: result._tag === "Answered" ? result.status : null,
      response: result._tag === "Answered" ? result.body : null,
      error: result._tag === "NoAnswer" ? result.reason : null,
      status: ok ? "succeeded" : delay === undefined ? "failed" : "pending",
      retryAt: delay === undefined ? undefined : new Date(at.getTime() + Duration.toMillis(delay))
    })
  })

/** The running dispatcher (its loop lives as long as the layer). */
export class WebhookDispatcher extends Context.Service<WebhookDispatcher, WebhookDispatcherShape>()(
  "stackfx-backend/WebhookDispatcher"
) {
  static readonly layer = (options: WebhookDispatcherOptions = {}): Layer.Layer<WebhookDispatcher, never, Db> =>
    Layer.effect(
      WebhookDispatcher,
      Effect.gen(function* () {
        const timeoutMillis = options.timeoutMillis ?? DEFAULT_DELIVERY_TIMEOUT_MILLIS
        const db = yield* Db
        const withDb = yield* Db.provider
        const times = yield* ProjectTimes
        let seenGeneration = -1
        let seenTimes = -1
        let lastRead = 0
        const claimAndSend = Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const generation = db.generation()
          const timesVersion = times.version()
          if (generation === seenGeneration && timesVersion === seenTimes && now - lastRead < POLL_MILLIS) return
          lastRead = now
          seenTimes = timesVersion
          const claimed = yield* claimDueDeliveries({
            now: new Date(now),
            lockedUntil: new Date(now + timeoutMillis + LEASE_MARGIN_MILLIS),
            limit: CLAIM_LIMIT,
            projectTimes: times.all()
          })
          // The claim itself moved the generation; what it found is all there is until the next write.
          seenGeneration = db.generation()
          for (const delivery of claimed) {
            yield* Effect.forkScoped(
              withDb(attempt(delivery, timeoutMillis, times)).pipe(
                Effect.catchTag("DbError", (error) => Effect.logWarning("webhook attempt not recorded", error.message))
              )
            )
          }
        })
        yield* Effect.forkScoped(
          Effect.forever(
            withDb(claimAndSend).pipe(
              Effect.catchTag("DbError", (error) => Effect.logWarning("webhook outbox unreadable", error.message)),
              Effect.andThen(Effect.sleep(TICK_MILLIS))
            )
          )
        )
        return WebhookDispatcher.of({ timeoutMillis })
      })
    )
}
