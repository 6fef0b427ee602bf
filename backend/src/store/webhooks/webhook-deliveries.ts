/**
 * Repository of `webhook_messages` and `webhook_deliveries`, the webhook outbox. A write inserts its message
 * and one delivery per endpoint of the project in its own transaction, so a message exists exactly when the
 * write committed. The dispatcher claims due deliveries (`claimDueDeliveries`): with `FOR UPDATE SKIP LOCKED`
 * and a lease (`locked_until`), so instances sharing one PostgreSQL never send a delivery twice at once and a
 * crashed instance's claims lapse; only the oldest pending delivery of an endpoint is ever due, so each
 * endpoint receives its messages in order.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../db.js"
import { rowDecoder, rowInsert, rowStruct, Timestamp } from "../rows.js"

/** Where a delivery stands: still to be sent (or retried), delivered, or given up after the last retry. */
export type DeliveryStatus = "pending" | "succeeded" | "failed"

export interface NewWebhookMessage {
  readonly id: string
  readonly projectId: string
  readonly eventType: string
  /** The JSON body exactly as it is signed and sent. */
  readonly body: string
  readonly createdAt: Date
}

const insertMessageRow = rowInsert("webhook_messages", "id, project_id, event_type, body, created_at")

/**
 * Records a message and a delivery of it to every endpoint of its project (or to `endpointId` only), due at
 * once. Call it inside the transaction of the write that causes it.
 */
export const insertWebhookMessage = (message: NewWebhookMessage, endpointId?: string): DbEffect<void> =>
  Effect.andThen(
    insertMessageRow(message),
    Db.run(
      `insert into webhook_deliveries (project_id, message_id, endpoint_id, next_attempt_at)
       select $1, $2, id, $3 from webhook_endpoints
        where project_id = $1 and ($4::text is null or id = $4) order by created_at, id`,
      [message.projectId, message.id, message.createdAt, endpointId ?? null]
    )
  )

/** A claimed delivery with what sending it takes. */
export const ClaimedDelivery = rowStruct({
  seq: Schema.NumberFromString,
  projectId: Schema.String,
  messageId: Schema.String,
  endpointId: Schema.String,
  attempts: Schema.Number,
  eventType: Schema.String,
  body: Schema.String,
  url: Schema.String,
  secret: Schema.String
})
export type ClaimedDelivery = typeof ClaimedDelivery.Type
const claimed = rowDecoder(ClaimedDelivery)

/**
 * Claims up to `limit` due deliveries until `lockedUntil`: pending, due by `now` (by `projectTimes`' time for a
 * project there: a test's, webhooks/project-times.ts), not claimed by anyone (or whose claim lapsed), each the
 * oldest pending delivery of its endpoint. Claims lapse by `now`, the process's time.
 */
export const claimDueDeliveries = (input: {
  readonly now: Date
  readonly lockedUntil: Date
  readonly limit: number
  readonly projectTimes: ReadonlyMap<string, number>
}): DbEffect<ReadonlyArray<ClaimedDelivery>> =>
  Effect.flatMap(
    Db.query(
      // Whole milliseconds added to the epoch: exact, as a division into seconds of a double would not be.
      `with times as (
         select t.project_id, timestamptz 'epoch' + t.millis * interval '1 millisecond' as now
           from jsonb_to_recordset($4::jsonb) as t(project_id text, millis bigint)
       ), due as (
         select d.seq from webhook_deliveries d
           left join times t on t.project_id = d.project_id
          where d.status = 'pending' and d.next_attempt_at <= coalesce(t.now, $1)
            and (d.locked_until is null or d.locked_until <= $1)
            and not exists (select 1 from webhook_deliveries e
                             where e.endpoint_id = d.endpoint_id and e.status = 'pending' and e.seq < d.seq)
          order by d.seq limit $3
          for update of d skip locked
       ), mine as (
         update webhook_deliveries w set locked_until = $2 from due where w.seq = due.seq
         returning w.seq, w.project_id, w.message_id, w.endpoint_id, w.attempts
       )
       select mine.seq::text as seq, mine.project_id, mine.message_id, mine.endpoint_id, mine.attempts,
              m.event_type, m.body, e.url, e.secret
         from mine
         join webhook_messages m on m.id = mine.message_id
         join webhook_endpoints e on e.id = mine.endpoint_id
        order by mine.seq`,
      [
        input.now,
        input.lockedUntil,
        input.limit,
        JSON.stringify(
          [...input.projectTimes].map(([projectId, millis]) => ({ project_id: projectId, millis: Math.trunc(millis) }))
        )
      ]
    ),
    claimed.all
  )

/** What one attempt came to: the answer's status and (capped) body, or why there was none. */
export interface AttemptOutcome {
  readonly at: Date
  readonly statusCode: number | null
  readonly response: string | null
  readonly error: string | null
  /** When to try again; `undefined` when delivered or given up. */
  readonly retryAt: Date | undefined
  readonly status: DeliveryStatus
}

/** Records an attempt of a claimed delivery and releases the claim. */
export const recordAttempt = (seq: number, outcome: AttemptOutcome): DbEffect<void> =>
  Db.run(
    `update webhook_deliveries
        set attempts = attempts + 1, last_attempt_at = $2, last_status_code = $3, last_response = $4,
            last_error = $5, status = $6, next_attempt_at = coalesce($7, next_attempt_at), locked_until = null
      where seq = $1`,
    [seq, outcome.at, outcome.statusCode, outcome.response, outcome.error, outcome.status, outcome.retryAt ?? null]
  )

/** A delivery as the deliveries page and the management API show it. */
export const DeliveryView = rowStruct({
  seq: Schema.NumberFromString,
  projectId: Schema.String,
  messageId: Schema.String,
  endpointId: Schema.String,
  url: Schema.String,
  eventType: Schema.String,
  body: Schema.String,
  status: Schema.Literals(["pending", "succeeded", "failed"]),
  attempts: Schema.Number,
  createdAt: Timestamp,
  nextAttemptAt: Timestamp,
  lastAttemptAt: Schema.NullOr(Timestamp),
  lastStatusCode: Schema.NullOr(Schema.Number),
  lastResponse: Schema.NullOr(Schema.String),
  lastError: Schema.NullOr(Schema.String)
})
export type DeliveryView = typeof DeliveryView.Type
const views = rowDecoder(DeliveryView)

const viewSelect = `select d.seq::text as seq, d.project_id, d.message_id, d.endpoint_id, e.url, m.event_type, m.body,
       d.status, d.attempts, m.created_at, d.next_attempt_at, d.last_attempt_at, d.last_status_code,
       d.last_response, d.last_error
  from webhook_deliveries d
  join webhook_messages m on m.id = d.message_id
  join webhook_endpoints e on e.id = d.endpoint_id`

/** The newest deliveries of a project, or of every project when `projectId` is undefined (the local page). */
export const listDeliveries = (filter: {
  readonly projectId?: string | undefined
  readonly limit: number
}): DbEffect<ReadonlyArray<DeliveryView>> =>
  Effect.flatMap(
    Db.query(`${viewSelect} where ($1::text is null or d.project_id = $1) order by d.seq desc limit $2`, [
      filter.projectId ?? null,
      filter.limit
    ]),
    views.all
  )

/** The (first) delivery of a message: the test send's. */
export const findMessageDelivery = (projectId: string, messageId: string): DbEffect<DeliveryView | undefined> =>
  Effect.flatMap(
    Db.query(`${viewSelect} where d.project_id = $1 and d.message_id = $2 order by d.seq limit 1`, [
      projectId,
      messageId
    ]),
    views.first
  )

/**
 * Puts a delivery back in the queue, due at once (the page's "send again"); whether there was one. Due by
 * `now` or by its last attempt's time, whichever is earlier: a test's project keeps its own time
 * (webhooks/project-times.ts), which may stand behind the process's, and its last attempt was due by it.
 */
export const requeueDelivery = (seq: number, now: Date, projectId?: string): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `update webhook_deliveries
          set status = 'pending', next_attempt_at = least($2, next_attempt_at, coalesce(last_attempt_at, $2)),
              locked_until = null
        where seq = $1 and ($3::text is null or project_id = $3) returning seq`,
      [seq, now, projectId ?? null]
    ),
    (rows) => rows.length > 0
  )
