/**
 * An Inbucket-compatible JSON view of the outbox, so tools written for Inbucket (the mail catcher the hosted
 * service's own tests use) read the local backend's mail unchanged.
 *
 * Paths, relative to the local backend's origin, with the default prefix `/mailbox`:
 * - `GET /mailbox/api/v1/mailbox/{name}`       list: `[{ mailbox, id, from, to: [..], subject, date,
 *                                                 "posix-millis", size, seen }]`, oldest first; `from` and `to`
 *                                                 written as Inbucket writes parsed addresses (see
 *                                                 `inbucketAddress`), the raw header lines under `header`
 * - `GET /mailbox/api/v1/mailbox/{name}/{id}`  one message: the list fields plus `body: { text, html }`,
 *                                                 `header: { Name: [values] }` and `attachments: []`
 * So an Inbucket client takes `{origin}/mailbox` as its base URL. `{name}` is the lower-cased local part of the
 * address (Inbucket's default naming) or the full address (Inbucket's "full" naming); URL-encode it.
 * The pages for people live next to it (see `inbox-page.ts`).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import type { StoredMail } from "./message.js"
import type { MailNotFound, OutboxShape, OutboxStoreError } from "./outbox.js"

/** The default path prefix the local backend mounts the mailbox API and pages under. */
export const defaultMailboxPrefix: `/${string}` = "/mailbox"

/** One entry of `GET {prefix}/api/v1/mailbox/{name}`. */
export const InbucketListItem = Schema.Struct({
  mailbox: Schema.String,
  id: Schema.String,
  from: Schema.String,
  to: Schema.Array(Schema.String),
  subject: Schema.String,
  date: Schema.String,
  "posix-millis": Schema.Number,
  size: Schema.Number,
  seen: Schema.Boolean
})
export type InbucketListItem = typeof InbucketListItem.Type

/** The answer of `GET {prefix}/api/v1/mailbox/{name}/{id}`. */
export const InbucketMessage = Schema.Struct({
  ...InbucketListItem.fields,
  body: Schema.Struct({ text: Schema.String, html: Schema.String }),
  header: Schema.Record(Schema.String, Schema.Array(Schema.String)),
  attachments: Schema.Array(Schema.Unknown)
})
export type InbucketMessage = typeof InbucketMessage.Type

/**
 * An address as Inbucket's JSON writes it: the display name unquoted, a space, then the address in angle
 * brackets (`Demo App <noreply@example.com>`), or only `<address>` when there is no name. Our stored `from`
 * is the header line as sent (`"Demo App" <noreply@example.com>`), our stored `to` a bare address.
 *
 * @example inbucketAddress('"Demo \\"App\\"" <a@b.c>') // 'Demo "App" <a@b.c>'
 */
export const inbucketAddress = (mailbox: string): string => {
  const match = /^(.*?)\s*<([^<>]*)>\s*$/s.exec(mailbox.trim())
  const rawName = match === null ? "" : (match[1] ?? "").trim()
  const address = match === null ? mailbox.trim() : (match[2] ?? "").trim()
  const name =
    rawName.length >= 2 && rawName.startsWith('"') && rawName.endsWith('"')
      ? rawName.slice(1, -1).replace(/\\(.)/g, "$1")
      : rawName
  const bracketed = address === "" ? "" : `<${address}>`
  return name === "" ? bracketed : `${name} ${bracketed}`
}

const headersOf = (mail: StoredMail): Record<string, ReadonlyArray<string>> => ({
  "Content-Type": ["multipart/alternative"],
  Date: [mail.createdAt.toUTCString()],
  From: [mail.from],
  "Message-Id": [`<${mail.id}@stackfx.local>`],
  "Mime-Version": ["1.0"],
  Subject: [mail.subject],
  To: [mail.to]
})

// The size of the message as an SMTP server would have stored it (headers plus both parts), close enough for
// the tools that only show it.
const sizeOf = (mail: StoredMail): number => {
  const headers = Object.entries(headersOf(mail))
    .map(([k, v]) => `${k}: ${v.join(", ")}\r\n`)
    .join("")
  return Buffer.byteLength(headers) + Buffer.byteLength(mail.text) + Buffer.byteLength(mail.html)
}

/** The list entry of a stored message. */
export const toInbucketListItem = (mail: StoredMail): InbucketListItem => ({
  mailbox: mail.mailbox,
  id: mail.id,
  from: inbucketAddress(mail.from),
  to: [inbucketAddress(mail.to)],
  subject: mail.subject,
  date: mail.createdAt.toISOString(),
  "posix-millis": mail.createdAt.getTime(),
  size: sizeOf(mail),
  seen: mail.seen
})

/** The full view of a stored message. */
export const toInbucketMessage = (mail: StoredMail): InbucketMessage => ({
  ...toInbucketListItem(mail),
  body: { text: mail.text, html: mail.html },
  header: headersOf(mail),
  attachments: []
})

/** A store failure answers 500 without details; the cause goes to the log. */
export const storeFailure = (e: OutboxStoreError) =>
  Effect.as(
    Effect.logError("outbox store failed", e.message),
    HttpServerResponse.text("outbox unavailable", { status: 500 })
  )

/** The handler of the list path, for a route that has already read `{name}`. */
export const mailboxListResponse = (
  outbox: OutboxShape,
  name: string
): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
  outbox.list(name).pipe(
    Effect.map((mails) => HttpServerResponse.jsonUnsafe(mails.map(toInbucketListItem))),
    Effect.catchTag("OutboxStoreError", storeFailure)
  )

/** The handler of the message path; an unknown id answers 404 like Inbucket does. */
export const mailboxMessageResponse = (
  outbox: OutboxShape,
  name: string,
  id: string
): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
  outbox.get(name, id).pipe(
    Effect.map((mail) => HttpServerResponse.jsonUnsafe(toInbucketMessage({ ...mail, seen: true }))),
    Effect.catchTags({
      MailNotFound: (e: MailNotFound) =>
        Effect.succeed(HttpServerResponse.text(`message ${e.id} not found`, { status: 404 })),
      OutboxStoreError: storeFailure
    })
  )
