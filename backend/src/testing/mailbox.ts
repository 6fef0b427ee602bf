/**
 * The mail the kit reads for a test, as typed values: a message, the link of a message with its `code`, and
 * the errors of a read (no such message before the timeout, a message without a link). Types only: the
 * readers (mail-reader.ts) query the backend's store, which this file, and so the kit's published
 * declarations, never name.
 */
import * as Schema from "effect/Schema"

/** One message the backend sent. */
export interface Mail {
  readonly id: string
  readonly to: string
  readonly from: string
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly sentAt: Date
}

/** The kinds of message the kit reads a link from, with the default templates' subject lines. */
export type MailKind = "magicLink" | "emailVerification" | "passwordReset" | "teamInvitation" | "any"

/** A link with the `code` it carries (what the app's handler page redeems). */
export interface EmailLink {
  readonly url: string
  readonly code: string
}

/** No matching message reached the address before the timeout. */
export class MailTimeout extends Schema.TaggedError<MailTimeout>()("MailTimeout", {
  address: Schema.String,
  kind: Schema.String,
  timeoutMillis: Schema.Number,
  message: Schema.String
}) {}

/** The newest message of its kind has no link with a `code`. */
export class MailWithoutLink extends Schema.TaggedError<MailWithoutLink>()("MailWithoutLink", {
  address: Schema.String,
  subject: Schema.String,
  message: Schema.String
}) {}

/** How long to wait for a message; default 5 seconds of real time. */
export interface MailWait {
  readonly timeoutMillis?: number | undefined
}
