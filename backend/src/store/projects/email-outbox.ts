/**
 * Repository of a project's outbox as `GET /emails/outbox` reads it: its messages newest first (ties by id),
 * filtered by the state the route derives (`sent`, or `server-error` when relaying them by SMTP failed), a page
 * from a message on; and the SMTP failure of a message recorded after the relay.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../db.js"
import { rowStruct, rowTable, Timestamp } from "../rows.js"
import { isStorableText } from "../storable.js"

const OutboxEmailRow = rowStruct({
  id: Schema.String,
  toAddress: Schema.String,
  subject: Schema.String,
  textBody: Schema.String,
  htmlBody: Schema.String,
  createdAt: Timestamp,
  userId: Schema.NullOr(Schema.String),
  templateId: Schema.NullOr(Schema.String),
  tsxSource: Schema.NullOr(Schema.String),
  themeId: Schema.NullOr(Schema.String),
  notificationCategoryId: Schema.NullOr(Schema.String),
  isTransactional: Schema.Boolean,
  smtpError: Schema.NullOr(Schema.String)
})
export type OutboxEmailRow = typeof OutboxEmailRow.Type

const columns = `id, to_address, subject, text_body, html_body, created_at, user_id, template_id, tsx_source, theme_id,
  notification_category_id, is_transactional, smtp_error`
const outbox = rowTable("outbox", OutboxEmailRow, columns)

/** The state the route shows, in SQL: sent, unless the SMTP relay failed. */
const STATUS = "(case when smtp_error is null then 'sent' else 'server-error' end)"
const SIMPLE_STATUS = "(case when smtp_error is null then 'ok' else 'error' end)"

export interface OutboxPageQuery {
  readonly projectId: string
  /** Lower-case with dashes, as the route shows them. */
  readonly status?: string | undefined
  readonly simpleStatus?: string | undefined
  /** The id of the page's first message; none found, no messages. */
  readonly cursor?: string | undefined
  /** Rows to return (the caller asks for one more than the page to learn the next cursor). */
  readonly limit: number
}

/** A page of the project's messages, newest first; the cursor's message is the first one. */
export const listOutboxEmails = (query: OutboxPageQuery): DbEffect<ReadonlyArray<OutboxEmailRow>> => {
  // A filter the database could not store matches no message.
  if (!isStorableText(query.status ?? "", query.simpleStatus ?? "")) return Effect.succeed([])
  const params: Array<unknown> = [query.projectId]
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const where = ["project_id = $1"]
  if (query.status !== undefined) where.push(`${STATUS} = ${param(query.status)}`)
  if (query.simpleStatus !== undefined) where.push(`${SIMPLE_STATUS} = ${param(query.simpleStatus)}`)
  if (query.cursor !== undefined) {
    const cursor = param(query.cursor)
    const at = `(select c.created_at from outbox c where c.project_id = $1 and c.id = ${cursor})`
    where.push(`exists ${at.replace("select c.created_at", "select 1")}`)
    where.push(`(created_at < ${at} or (created_at = ${at} and id >= ${cursor}))`)
  }
  return Effect.flatMap(
    Db.query(
      `select ${columns} from outbox where ${where.join(" and ")} order by created_at desc, id asc limit ${param(query.limit)}`,
      params
    ),
    outbox.rows.all
  )
}

/** One message of the project. */
export const findOutboxEmail = (projectId: string, id: string): DbEffect<OutboxEmailRow | undefined> =>
  outbox.first("project_id = $1 and id = $2", [projectId, id])

/** Records that relaying the message by SMTP failed, with the reason the route shows. */
export const recordSmtpFailure = (projectId: string, id: string, reason: string): DbEffect<void> =>
  Db.run("update outbox set smtp_error = $3 where project_id = $1 and id = $2", [projectId, id, reason])
