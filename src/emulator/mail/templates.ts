import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { EmailTemplateType } from "../../domain/email-template.js"
import { escapeHtml, htmlToText } from "./html.js"

export type { EmailTemplateType }

/**
 * A template as the project stores it. `content` is free JSON on the wire (the hosted service keeps an editor
 * document there); the emulator renders a string as HTML with `{{ variable }}` placeholders, and an object
 * through its `html` field when it has one (see `contentToHtml`). Placeholders are replaced with HTML-escaped
 * values in the HTML part and raw values in subject and text.
 */
export interface EmailTemplateSource {
  readonly subject: string
  readonly content: Schema.Json
}

/**
 * The HTML template inside a template's content: a string is the template itself, an object contributes its
 * `html` string, and anything else is shown as its JSON so that a custom template never silently vanishes.
 */
export const contentToHtml = (content: Schema.Json): string => {
  if (typeof content === "string") return content
  if (content !== null && typeof content === "object" && !Array.isArray(content)) {
    const html = (content as Schema.JsonObject)["html"]
    if (typeof html === "string") return html
  }
  return `<pre>${escapeHtml(JSON.stringify(content, null, 2))}</pre>`
}

/**
 * Values a template can refer to. The link of each type is also available under its own name
 * (`emailVerificationLink`, `passwordResetLink`, `magicLink`, `teamInvitationLink`) so that templates written
 * for the hosted service keep working.
 */
export interface TemplateVariables {
  readonly projectDisplayName: string
  /** null falls back to the recipient address, so greetings never read "Hi ,". */
  readonly userDisplayName: string | null
  readonly link: string
  readonly teamDisplayName?: string | undefined
  /** The short one-time code of a magic-link message, when the caller has one. */
  readonly otp?: string | undefined
}

const linkNames: Readonly<Record<EmailTemplateType, string>> = {
  email_verification: "emailVerificationLink",
  password_reset: "passwordResetLink",
  magic_link: "magicLink",
  team_invitation: "teamInvitationLink"
}

const button = (variable: string, label: string) =>
  `<p><a href="{{ ${variable} }}" style="display:inline-block;padding:10px 18px;background:#2251d1;color:#fff;` +
  `border-radius:6px;text-decoration:none">${label}</a></p>\n<p>Or open this link: <a href="{{ ${variable} }}">{{ ${variable} }}</a></p>`

/** The built-in template of each type, used while a project has not customised it (`is_default: true`). */
export const defaultEmailTemplates: Readonly<Record<EmailTemplateType, EmailTemplateSource>> = {
  email_verification: {
    subject: "Verify your email at {{ projectDisplayName }}",
    content: `<h1>Verify your email</h1>
<p>Hi {{ userDisplayName }},</p>
<p>Please confirm that this is your email address for {{ projectDisplayName }}.</p>
${button("emailVerificationLink", "Verify my email")}
<p class="muted">If you did not sign up, you can ignore this message.</p>`
  },
  password_reset: {
    subject: "Reset your password at {{ projectDisplayName }}",
    content: `<h1>Reset your password</h1>
<p>Hi {{ userDisplayName }},</p>
<p>Someone asked to reset the password of your {{ projectDisplayName }} account.</p>
${button("passwordResetLink", "Choose a new password")}
<p class="muted">If this was not you, you can ignore this message; your password stays the same.</p>`
  },
  magic_link: {
    subject: "Sign in to {{ projectDisplayName }}",
    content: `<h1>Sign in to {{ projectDisplayName }}</h1>
<p>Hi {{ userDisplayName }},</p>
<p>Use the link below to sign in, or enter this code: <strong>{{ otp }}</strong>. It works once and expires soon.</p>
${button("magicLink", "Sign in")}
<p class="muted">If you did not ask to sign in, you can ignore this message.</p>`
  },
  team_invitation: {
    subject: "You are invited to join {{ teamDisplayName }} on {{ projectDisplayName }}",
    content: `<h1>Join {{ teamDisplayName }}</h1>
<p>Hi {{ userDisplayName }},</p>
<p>You have been invited to join the team {{ teamDisplayName }} on {{ projectDisplayName }}.</p>
${button("teamInvitationLink", "Accept the invitation")}
<p class="muted">If you do not want to join, you can ignore this message.</p>`
  }
}

/** A rendered message body. */
export interface RenderedEmail {
  readonly subject: string
  readonly html: string
  readonly text: string
}

/** A callback URL that cannot carry a code. */
export class InvalidCallbackUrl extends Schema.TaggedError<InvalidCallbackUrl>()("InvalidCallbackUrl", {
  url: Schema.String
}) {}

/**
 * The link a message carries: the callback URL with `code` set in its query, keeping its other parameters.
 *
 * @example buildCodeLink("http://localhost:3000/handler/email-verification", "abc")
 *   // => "http://localhost:3000/handler/email-verification?code=abc"
 */
export const buildCodeLink = (callbackUrl: string, code: string): Effect.Effect<string, InvalidCallbackUrl> =>
  Effect.suspend(() => {
    if (!URL.canParse(callbackUrl)) return Effect.fail(new InvalidCallbackUrl({ url: callbackUrl }))
    const url = new URL(callbackUrl)
    url.searchParams.set("code", code)
    return Effect.succeed(url.toString())
  })

const placeholder = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g

/** Replace placeholders; unknown names become empty, so a typo in a custom template never leaks braces. */
export const substitute = (
  source: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string) => string
): string => source.replace(placeholder, (_m, name: string) => encode(values[name] ?? ""))

const variableTable = (type: EmailTemplateType, recipient: string, vars: TemplateVariables) => {
  const table: Record<string, string> = {
    projectDisplayName: vars.projectDisplayName,
    userDisplayName: vars.userDisplayName ?? recipient,
    link: vars.link,
    [linkNames[type]]: vars.link
  }
  if (vars.teamDisplayName !== undefined) table["teamDisplayName"] = vars.teamDisplayName
  if (vars.otp !== undefined) table["otp"] = vars.otp
  return table
}

/** Render a template for one recipient. */
export const renderEmail = (
  type: EmailTemplateType,
  template: EmailTemplateSource,
  recipient: string,
  vars: TemplateVariables
): RenderedEmail => {
  const values = variableTable(type, recipient, vars)
  const identity = (s: string) => s
  const html = substitute(contentToHtml(template.content), values, escapeHtml)
  return {
    // a subject is one header line: a newline from a display name must not start a new header
    subject: substitute(template.subject, values, identity).replace(/[\r\n]+/g, " "),
    html,
    text: htmlToText(html)
  }
}
