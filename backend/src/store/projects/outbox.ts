/**
 * Repository of `outbox`: the mail leaf's `OutboxStore` over SQL, so every message the local backend sends
 * survives a restart and is readable through the Inbucket-compatible API.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { makeOutbox, Outbox, OutboxStoreError, type OutboxStore } from "../../mail/outbox.js"
import type { StoredMail } from "../../mail/message.js"
import { Db, type DbError } from "../db.js"
import { rowDecoder, rowStruct, Timestamp } from "../rows.js"
import { isStorableText } from "../storable.js"

const OutboxRow = rowStruct({
  id: Schema.String,
  mailbox: Schema.String,
  toAddress: Schema.String,
  fromAddress: Schema.String,
  subject: Schema.String,
  textBody: Schema.String,
  htmlBody: Schema.String,
  createdAt: Timestamp,
  seen: Schema.Boolean
})
type OutboxRow = typeof OutboxRow.Type
const rows = rowDecoder(OutboxRow)

const columns = "id, mailbox, to_address, from_address, subject, text_body, html_body, created_at, seen"

const toMail = (row: OutboxRow): StoredMail => ({
  id: row.id,
  mailbox: row.mailbox,
  to: row.toAddress,
  from: row.fromAddress,
  subject: row.subject,
  text: row.textBody,
  html: row.htmlBody,
  createdAt: row.createdAt,
  seen: row.seen
})

const storeError = (error: DbError) => new OutboxStoreError({ message: error.message, cause: error })

/** What a project's message keeps beside the message itself, for `GET /emails/outbox`. */
export interface OutboxDetails {
  /** The user it went to; null for a message to an address of nobody (an invitation). */
  readonly userId: string | null
  readonly templateId: string | null
  readonly tsxSource: string
  readonly themeId: string | null
  readonly notificationCategoryId: string | null
  readonly isTransactional: boolean
}

/**
 * The SQL store; `projectId` tags rows so that deleting a project deletes its mail, and `details` (a project's
 * message) what the outbox route shows of it. A mailbox name or id the database could not store (anyone can
 * type one into the mailbox's URL) names no message, so it is answered without a query.
 */
export const sqlOutboxStore = (projectId?: string, details?: OutboxDetails): Effect.Effect<OutboxStore, never, Db> =>
  Effect.map(Db.provider, (withDb): OutboxStore => {
    const query = (sql: string, params: ReadonlyArray<unknown>) => withDb(Db.query(sql, params))
    return {
      insert: (mail) =>
        Effect.mapError(
          Effect.asVoid(
            query(
              `insert into outbox (id, project_id, mailbox, to_address, from_address, subject, text_body, html_body, created_at, seen,
             user_id, template_id, tsx_source, theme_id, notification_category_id, is_transactional)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
              [
                mail.id,
                projectId ?? null,
                mail.mailbox,
                mail.to,
                mail.from,
                mail.subject,
                mail.text,
                mail.html,
                mail.createdAt,
                mail.seen,
                details?.userId ?? null,
                details?.templateId ?? null,
                details?.tsxSource ?? null,
                details?.themeId ?? null,
                details?.notificationCategoryId ?? null,
                details?.isTransactional ?? true
              ]
            )
          ),
          storeError
        ),
      list: (mailbox) =>
        !isStorableText(mailbox)
          ? Effect.succeed([])
          : query(`select ${columns} from outbox where mailbox = $1 order by created_at, id`, [mailbox]).pipe(
              Effect.flatMap(rows.all),
              Effect.map((found) => found.map(toMail)),
              Effect.mapError(storeError)
            ),
      get: (mailbox, id) =>
        !isStorableText(mailbox, id)
          ? Effect.succeed(undefined)
          : query(`select ${columns} from outbox where mailbox = $1 and id = $2`, [mailbox, id]).pipe(
              Effect.flatMap(rows.first),
              Effect.map((found) => (found === undefined ? undefined : toMail(found))),
              Effect.mapError(storeError)
            ),
      markSeen: (mailbox, id) =>
        !isStorableText(mailbox, id)
          ? Effect.void
          : Effect.mapError(
              Effect.asVoid(query("update outbox set seen = true where mailbox = $1 and id = $2", [mailbox, id])),
              storeError
            ),
      recent: (limit) =>
        query(`select ${columns} from outbox order by created_at desc, id desc limit $1`, [Math.max(0, limit)]).pipe(
          Effect.flatMap(rows.all),
          Effect.map((found) => found.map(toMail)),
          Effect.mapError(storeError)
        )
    }
  })

/** The local backend's `Outbox` over its database (mail of no particular project). */
export const layerSqlOutbox: Layer.Layer<Outbox, never, Db> = Layer.effect(
  Outbox,
  Effect.map(sqlOutboxStore(), makeOutbox)
)
