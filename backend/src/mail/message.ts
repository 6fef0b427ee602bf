import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { DefaultTemplateType } from "@stackfx/lib/domain/email-template.js"
import { defaultTemplates } from "./default-templates.js"
import { buildCodeLink, type InvalidCallbackUrl, renderEmail, type TemplateNotRendered } from "./templates.js"

/** A message ready to be stored and sent. `from` is a full mailbox (`"Name" <address>` or an address). */
export const OutgoingMail = Schema.Struct({
  to: Schema.String,
  from: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  html: Schema.String
})
export type OutgoingMail = typeof OutgoingMail.Type

/** A message as the outbox keeps it. `mailbox` is the Inbucket mailbox name (see `mailboxOf`). */
export const StoredMail = Schema.Struct({
  id: Schema.String,
  mailbox: Schema.String,
  to: Schema.String,
  from: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  html: Schema.String,
  createdAt: Schema.Date,
  seen: Schema.Boolean
})
export type StoredMail = typeof StoredMail.Type

/** The sender of a project's messages. */
export interface Sender {
  readonly name: string
  readonly email: string
}

/**
 * The sender used while a project's email config is "shared": the address the service's development setup sends
 * from (its `STACK_EMAIL_SENDER`), a reserved domain (RFC 2606) that never reaches a real mailbox.
 */
export const defaultSender: Sender = { name: "Stack Auth (local)", email: "noreply@example.com" }

const quoteDisplayName = (name: string) => `"${name.replace(/[\r\n]+/g, " ").replace(/(["\\])/g, "\\$1")}"`

/** `"Name" <address>`, or just the address when the name is empty. */
export const formatMailbox = (sender: Sender): string =>
  sender.name.trim() === "" ? sender.email : `${quoteDisplayName(sender.name)} <${sender.email}>`

/** What the route knows when it needs to send one of the template emails. */
export interface TemplateEmailRequest {
  readonly type: DefaultTemplateType
  readonly to: string
  readonly sender: Sender
  readonly projectDisplayName: string
  readonly userDisplayName: string | null
  readonly callbackUrl: string
  /** The code the link carries; a message that links to the callback URL itself has none. */
  readonly code: string | undefined
  readonly teamDisplayName?: string | undefined
  readonly otp?: string | undefined
  /** The TSX source of the project's template for `type`; the built-in default of `type` when absent. */
  readonly tsxSource?: string | undefined
  /** The email theme the message is framed in (`themes.ts`); absent, the default light one. */
  readonly themeId?: string | undefined
}

/** A built template email and the notification category its template declares. */
export interface BuiltTemplateEmail {
  readonly mail: OutgoingMail
  /** The template's `<NotificationCategory value>`, undefined when it sets none. */
  readonly notificationCategory: string | undefined
}

/**
 * Build the message of a template email, with the link made from the callback URL and the code, and the
 * category it belongs to (which decides whether it gets an unsubscribe link, passed in a second build).
 */
export const buildCategorizedTemplateEmail = (
  request: TemplateEmailRequest & { readonly unsubscribeLink?: string | undefined }
): Effect.Effect<BuiltTemplateEmail, InvalidCallbackUrl | TemplateNotRendered> =>
  Effect.flatMap(buildCodeLink(request.callbackUrl, request.code), (link) =>
    Effect.map(
      renderEmail(request.type, request.tsxSource ?? defaultTemplates[request.type].tsxSource, {
        projectDisplayName: request.projectDisplayName,
        userDisplayName: request.userDisplayName,
        link,
        teamDisplayName: request.teamDisplayName,
        otp: request.otp,
        unsubscribeLink: request.unsubscribeLink,
        themeId: request.themeId
      }),
      (rendered) => ({
        mail: {
          to: request.to,
          from: formatMailbox(request.sender),
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text
        },
        notificationCategory: rendered.notificationCategory
      })
    )
  )

/**
 * Build the message of a template email, with the link made from the callback URL and the code.
 *
 * @example
 * buildTemplateEmail({ type: "password_reset", to: "a@b.c", sender: defaultSender, projectDisplayName: "Demo",
 *   userDisplayName: null, callbackUrl: "http://localhost:3000/handler/password-reset", code: "xyz" })
 */
export const buildTemplateEmail = (
  request: TemplateEmailRequest
): Effect.Effect<OutgoingMail, InvalidCallbackUrl | TemplateNotRendered> =>
  Effect.map(buildCategorizedTemplateEmail(request), (built) => built.mail)

/**
 * The Inbucket mailbox of an address: its lower-cased local part, as Inbucket's default "local" naming
 * does. The outbox also accepts a full address as a mailbox name (Inbucket's "full" naming).
 */
export const mailboxOf = (address: string): string => {
  const bare = /<([^>]*)>/.exec(address)?.[1] ?? address
  const at = bare.lastIndexOf("@")
  return (at === -1 ? bare : bare.slice(0, at)).trim().toLowerCase()
}

/** The bare address of a mailbox string such as `"Name" <a@b.c>`. */
export const addressOf = (mailbox: string): string => (/<([^>]*)>/.exec(mailbox)?.[1] ?? mailbox).trim()
