/**
 * Sending the template emails of a project (email verification, password reset, magic link, team
 * invitation): rendered from the project's template with the default id of the message's type (see
 * `email-templates.ts`), with a link made of the callback URL and the code, kept in the outbox
 * (readable through the Inbucket API under `/mailbox`), and, when the project's email config is
 * "standard", relayed through its SMTP server.
 *
 * @example
 * const code = yield* issueCode({ projectId, purpose: CodePurpose.teamInvitation, ttlMillis, data })
 * yield* sendTemplateEmail({ project, type: "team_invitation", to, callbackUrl, code, teamDisplayName })
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { DEFAULT_TEMPLATE_IDS, type DefaultTemplateType } from "@stackfx/lib/domain/email-template.js"
import { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import type { RedirectUrlNotWhitelisted } from "@stackfx/lib/errors/known/sign-in.js"
import { RequestBaseUrl } from "../../config.js"
import { buildCategorizedTemplateEmail, type StoredMail } from "../../mail/message.js"
import { makeOutbox, type OutboxStoreError } from "../../mail/outbox.js"
import { deliver, type EmailConfig, senderOf } from "../../mail/smtp.js"
import { Db, type DbError } from "../../store/db.js"
import { type OutboxDetails, sqlOutboxStore } from "../../store/projects/outbox.js"
import { recordSmtpFailure } from "../../store/projects/email-outbox.js"
import { defaultTemplates } from "../../mail/default-templates.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { requireTrustedUrl } from "../config/trusted-urls.js"
import { projectTemplates } from "./email-templates.js"
import { categoryByName, issueUnsubscribeLink, receivesCategory } from "./notification-preferences.js"
import { issueCode } from "../codes/verification-codes.js"

/** One template email to one recipient. */
export interface TemplateEmail {
  readonly project: StoredProject
  readonly type: DefaultTemplateType
  readonly to: string
  /** Absolute URL; the link is this URL with `?code=<code>` set (the URL itself without a code). */
  readonly callbackUrl: string
  readonly code: string | undefined
  /** Used in the greeting; the recipient address when absent. */
  readonly userDisplayName?: string | null | undefined
  readonly teamDisplayName?: string | undefined
  /** The short one-time code of a magic-link message (`variables.otp` in templates). */
  readonly otp?: string | undefined
  /**
   * The user the message goes to, when it goes to a user (not to an address, as an invitation does): a
   * message of a category they turned off is not sent, and one of a category that can be turned off
   * carries an unsubscribe link, as the hosted service's mail to users does.
   */
  readonly recipientUserId?: string | null | undefined
}

export type SendEmailError = SchemaError | DbError | OutboxStoreError

/** The mail leaf's view of the project's email config. */
export const emailConfigOf = (project: StoredProject): EmailConfig => {
  const config = project.config.emailConfig
  return config.type === "standard"
    ? {
        type: "standard",
        host: config.host,
        port: config.port,
        username: config.username,
        password: config.password,
        senderName: config.senderName,
        senderEmail: config.senderEmail
      }
    : { type: "shared" }
}

const badCallback = (url: string) =>
  new SchemaError({ details: { message: `callback_url must be an absolute URL, got ${JSON.stringify(url)}` } })

/**
 * Checks a callback URL before any code is issued for it: absolute (the link is built from it) and on
 * the project's trusted domains (or localhost when allowed), like the hosted service.
 */
export const checkCallbackUrl = (
  project: StoredProject,
  url: string
): Effect.Effect<void, SchemaError | RedirectUrlNotWhitelisted> => {
  if (!URL.canParse(url)) return Effect.fail(badCallback(url))
  return requireTrustedUrl(project, url)
}

/**
 * Renders, stores and (for a "standard" email config) relays one message; answers the stored message, or
 * undefined when nothing was sent. An SMTP failure does not fail the call (the message is in the outbox
 * either way); it is logged without the SMTP password.
 *
 * A template that does not render does not fail the call either: the hosted service queues the message and
 * its queue marks it as a render error, so the request that caused it succeeds and no mail arrives; here
 * the reason is logged. A project that deleted the default template of `type` gets the built-in default and
 * a warning, where the hosted service fails the request with a server error (its `Default email template
 * not found` assertion): a local backend that answers 500 for a setting would only hide the cause.
 */
export const sendTemplateEmail = (email: TemplateEmail): Effect.Effect<StoredMail | undefined, SendEmailError, Db> =>
  Effect.gen(function* () {
    const templateId = DEFAULT_TEMPLATE_IDS[email.type]
    const template = (yield* projectTemplates(email.project)).find((t) => t.id === templateId)
    if (template === undefined) {
      yield* Effect.logWarning(
        `stackfx local backend: project ${email.project.id} has deleted its ${email.type} template (${templateId}); ` +
          "the built-in default is used (the hosted service would fail this request)"
      )
    }
    const config = emailConfigOf(email.project)
    const build = (unsubscribeLink: string | undefined) =>
      buildCategorizedTemplateEmail({
        type: email.type,
        to: email.to,
        sender: senderOf(config, email.project.displayName),
        projectDisplayName: email.project.displayName,
        userDisplayName: email.userDisplayName ?? null,
        callbackUrl: email.callbackUrl,
        code: email.code,
        teamDisplayName: email.teamDisplayName,
        otp: email.otp,
        tsxSource: template?.tsxSource,
        // A template's own theme wins; `null` (or no template) means the project's; `false` means none.
        themeId:
          template?.themeId === false
            ? undefined
            : typeof template?.themeId === "string"
              ? template.themeId
              : email.project.config.emailTheme,
        unsubscribeLink
      }).pipe(
        Effect.map((message) => ({ _tag: "Built" as const, message })),
        Effect.catchTag("TemplateNotRendered", (e) => Effect.succeed({ _tag: "NotRendered" as const, error: e.error })),
        Effect.mapError((e) => badCallback(e.url))
      )
    let built = yield* build(undefined)
    if (built._tag === "NotRendered") {
      yield* Effect.logWarning(
        `stackfx local backend: the ${email.type} email for project ${email.project.id} was not sent: its template ` +
          `${templateId} does not render: ${built.error}`
      )
      return undefined
    }
    // As the hosted queue does: the first render tells the category; mail to a user in a category that can be
    // turned off is dropped when they turned it off, and otherwise rendered again with an unsubscribe link.
    const category =
      built.message.notificationCategory === undefined ? undefined : categoryByName(built.message.notificationCategory)
    const userId = email.recipientUserId ?? undefined
    if (category !== undefined && category.canDisable && userId !== undefined) {
      if (!(yield* receivesCategory(email.project.id, userId, category))) {
        yield* Effect.logDebug(
          `stackfx local backend: ${email.type} email not sent: the user turned ${category.name} mail off`
        )
        return undefined
      }
      // Mail is sent while serving a request, whose base URL the link names (the API the recipient can reach).
      const apiBaseUrl = yield* RequestBaseUrl
      if (apiBaseUrl !== undefined) {
        const link = yield* issueUnsubscribeLink({ projectId: email.project.id, userId, category, apiBaseUrl })
        built = yield* build(link)
        if (built._tag === "NotRendered") return undefined
      }
    }
    const details: OutboxDetails = {
      userId: userId ?? null,
      templateId,
      tsxSource: template?.tsxSource ?? defaultTemplates[email.type].tsxSource,
      themeId: email.project.config.emailTheme,
      notificationCategoryId: category?.id ?? null,
      isTransactional: category === undefined || !category.canDisable
    }
    const outbox = makeOutbox(yield* sqlOutboxStore(email.project.id, details))
    const delivery = yield* deliver(outbox, config, built.message.mail)
    if (delivery.relay._tag === "SmtpFailed") {
      // `GET /emails/outbox` shows the message as a server error, with the server's reason.
      yield* recordSmtpFailure(email.project.id, delivery.mail.id, delivery.relay.error.errorMessage)
      yield* Effect.logWarning(
        `stackfx local backend: SMTP delivery of the ${email.type} email for project ${email.project.id} failed; ` +
          "the message is in the outbox",
        delivery.relay.error.errorMessage
      )
    }
    return delivery.mail
  })

/** What `sendCodeEmail` needs besides the message itself. */
export interface CodeEmail extends Omit<TemplateEmail, "code"> {
  /** The verification-code purpose (`CodePurpose.*`). */
  readonly purpose: string
  readonly ttlMillis: number
  readonly userId?: string | null | undefined
  readonly data?: Schema.Json | undefined
  /** The code to issue; random when absent. */
  readonly code?: string | undefined
  readonly nonce?: string | null | undefined
}

/**
 * Checks the callback URL, issues a single-use code for it and emails the link; answers the code (the
 * caller may need its id-less value, e.g. to derive an OTP nonce).
 */
export const sendCodeEmail = <E = never>(
  email: CodeEmail,
  withCode?: (code: string) => Effect.Effect<void, E, Db>
): Effect.Effect<string, SendEmailError | RedirectUrlNotWhitelisted | E, Db> =>
  Effect.gen(function* () {
    yield* checkCallbackUrl(email.project, email.callbackUrl)
    const issue = issueCode({
      projectId: email.project.id,
      purpose: email.purpose,
      ttlMillis: email.ttlMillis,
      userId: email.userId,
      email: email.to,
      data: email.data,
      callbackUrl: email.callbackUrl,
      code: email.code,
      nonce: email.nonce
    })
    // What the code stands for is written with it, in one transaction, before the mail names it.
    const code =
      withCode === undefined ? yield* issue : yield* Db.transaction(Effect.tap(issue, (issued) => withCode(issued)))
    yield* sendTemplateEmail({ ...email, code, recipientUserId: email.recipientUserId ?? email.userId })
    return code
  })
