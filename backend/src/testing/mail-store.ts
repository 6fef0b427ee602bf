/**
 * The backend's side of the kit's mailbox: the messages its outbox holds for one project and address, read
 * by the control route `GET /projects/{id}/mail` (the worker's `mail-reader.ts` waits on it).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { addressOf } from "../mail/message.js"
import { Db } from "../store/db.js"
import { rowDecoder, rowStruct, Timestamp } from "../store/rows.js"
import type { Mail } from "./mailbox.js"

const MailRow = rowStruct({
  id: Schema.String,
  toAddress: Schema.String,
  fromAddress: Schema.String,
  subject: Schema.String,
  textBody: Schema.String,
  htmlBody: Schema.String,
  createdAt: Timestamp
})
const rows = rowDecoder(MailRow)

/** Every message to `address` of the project, oldest first (`ctid` orders messages sent in the same millisecond). */
export const mailTo = (projectId: string, address: string): Effect.Effect<ReadonlyArray<Mail>, never, Db> =>
  Db.query(
    "select id, to_address, from_address, subject, text_body, html_body, created_at from outbox where project_id = $1 order by created_at, ctid",
    [projectId]
  ).pipe(
    Effect.flatMap(rows.all),
    Effect.map((all) =>
      all
        .filter((row) => addressOf(row.toAddress).toLowerCase() === address.trim().toLowerCase())
        .map((row) => ({
          id: row.id,
          to: row.toAddress,
          from: row.fromAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          sentAt: row.createdAt
        }))
    ),
    Effect.orDie
  )
