/**
 * Rendering the messages the backend sends from a project's TSX templates (see `tsx/render.ts` for the
 * subset it renders). As on the hosted service, a template gets `user.displayName`, `project.displayName`
 * and `variables`: `projectDisplayName`, `userDisplayName` and the message's own values, named as the
 * service names them (`emailVerificationLink`, `passwordResetLink`, `magicLink` and `otp`,
 * `teamInvitationLink` and `teamDisplayName`, `signInInvitationLink` and `teamDisplayName`). The subject is
 * the template's `<Subject value>`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { DefaultTemplateType } from "@stackfx/lib/domain/email-template.js"
import { SUBJECT_REQUIRED } from "./default-templates.js"
import { renderTemplate } from "./tsx/render.js"
import type { ValueRecord } from "./tsx/values.js"

/** The values of one message. */
export interface TemplateVariables {
  readonly projectDisplayName: string
  /** null when the user has no display name (or the message goes to an address without a user). */
  readonly userDisplayName: string | null
  /** The message's link (callback URL with its code). */
  readonly link: string
  readonly teamDisplayName?: string | undefined
  /** The short one-time code of a magic-link message. */
  readonly otp?: string | undefined
  /** The unsubscribe link of a message whose category can be turned off, sent to a user. */
  readonly unsubscribeLink?: string | undefined
  /** The email theme the message is framed in. */
  readonly themeId?: string | undefined
}

/** The variable each message type's link goes in, as the hosted senders name it. */
const linkNames: Readonly<Record<DefaultTemplateType, string>> = {
  email_verification: "emailVerificationLink",
  password_reset: "passwordResetLink",
  magic_link: "magicLink",
  team_invitation: "teamInvitationLink",
  sign_in_invitation: "signInInvitationLink",
  payment_receipt: "receiptLink",
  payment_failed: "invoiceUrl"
}

/** The `variables` a message of `type` is rendered with. */
export const variablesFor = (type: DefaultTemplateType, vars: TemplateVariables): ValueRecord => ({
  projectDisplayName: vars.projectDisplayName,
  userDisplayName: vars.userDisplayName ?? "",
  [linkNames[type]]: vars.link,
  ...(vars.teamDisplayName === undefined ? {} : { teamDisplayName: vars.teamDisplayName }),
  ...(vars.otp === undefined ? {} : { otp: vars.otp })
})

/** A rendered message body. */
export interface RenderedEmail {
  readonly subject: string
  readonly html: string
  readonly text: string
  /** The template's `<NotificationCategory value>` (e.g. `Transactional`), undefined when it sets none. */
  readonly notificationCategory: string | undefined
}

/** A template that cannot be sent: it does not render, or it sets no subject. */
export class TemplateNotRendered extends Schema.TaggedError<TemplateNotRendered>()("TemplateNotRendered", {
  error: Schema.String
}) {}

/** Render one message of `type` from a template source. */
export const renderEmail = (
  type: DefaultTemplateType,
  tsxSource: string,
  vars: TemplateVariables
): Effect.Effect<RenderedEmail, TemplateNotRendered> => {
  const result = renderTemplate(tsxSource, {
    user: { displayName: vars.userDisplayName },
    project: { displayName: vars.projectDisplayName },
    variables: variablesFor(type, vars),
    unsubscribeLink: vars.unsubscribeLink,
    themeId: vars.themeId
  })
  if (!result.ok) return Effect.fail(new TemplateNotRendered({ error: result.error }))
  const { subject, html, text, notificationCategory } = result.value
  if (subject === undefined) return Effect.fail(new TemplateNotRendered({ error: SUBJECT_REQUIRED }))
  // a subject is one header line: a newline from a display name must not start a new header
  return Effect.succeed({ subject: subject.replace(/[\r\n]+/g, " "), html, text, notificationCategory })
}

/** A callback URL that cannot carry a code. */
export class InvalidCallbackUrl extends Schema.TaggedError<InvalidCallbackUrl>()("InvalidCallbackUrl", {
  url: Schema.String
}) {}

/**
 * The link a message carries: the callback URL with `code` set in its query, keeping its other parameters;
 * without a code (a sign-in invitation links to the callback URL itself), the URL as it is.
 *
 * @example buildCodeLink("http://localhost:3000/handler/email-verification", "abc")
 *   // => "http://localhost:3000/handler/email-verification?code=abc"
 */
export const buildCodeLink = (
  callbackUrl: string,
  code: string | undefined
): Effect.Effect<string, InvalidCallbackUrl> =>
  Effect.suspend(() => {
    if (!URL.canParse(callbackUrl)) return Effect.fail(new InvalidCallbackUrl({ url: callbackUrl }))
    const url = new URL(callbackUrl)
    if (code !== undefined) url.searchParams.set("code", code)
    return Effect.succeed(url.toString())
  })
