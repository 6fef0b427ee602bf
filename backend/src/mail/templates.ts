import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { EmailTemplateType } from "@stackfx/lib/domain/email-template.js"
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
  /** null when the user has no display name: `{{#if userDisplayName}}` then leaves the greeting as "Hi!". */
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

const greeting = "Hi{{#if userDisplayName}}, {{ userDisplayName }}{{/if}}!"

/**
 * The layout of the hosted service's default messages: a heading, a greeting line, the message's one
 * link (a button, or for sign-in the code on a line of its own and then the link), a rule and the same
 * closing line. The text part carries each link once, so a reader (or a test) finds exactly one.
 */
const layout = (heading: string, body: string) =>
  `<h3>${heading}</h3>
${body}
<hr>
<p class="muted">If you were not expecting this email, you can safely ignore it.</p>`

const button = (variable: string, label: string) =>
  `<p><a href="{{ ${variable} }}" style="display:inline-block;padding:10px 18px;background:#2251d1;color:#fff;` +
  `border-radius:6px;text-decoration:none">${label}</a></p>`

/** The built-in template of each type, used while a project has not customised it (`is_default: true`). */
export const defaultEmailTemplates: Readonly<Record<EmailTemplateType, EmailTemplateSource>> = {
  email_verification: {
    subject: "Verify your email at {{ projectDisplayName }}",
    content: layout(
      "Verify your email at {{ projectDisplayName }}",
      `<p>${greeting} Please click on the following button to verify your email.</p>
${button("emailVerificationLink", "Verify my email")}`
    )
  },
  password_reset: {
    subject: "Reset your password at {{ projectDisplayName }}",
    content: layout(
      "Reset your password at {{ projectDisplayName }}",
      `<p>${greeting} Please click on the following button to start the password reset process.</p>
${button("passwordResetLink", "Reset my password")}`
    )
  },
  magic_link: {
    subject: "Sign in to {{ projectDisplayName }}: Your code is {{ otp }}",
    content: layout(
      "Sign in to {{ projectDisplayName }}",
      `<p>${greeting} This is your one-time-password for signing in:</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">{{ otp }}</p>
<p>Or you can click on <a href="{{ magicLink }}">this link</a> to sign in</p>`
    )
  },
  team_invitation: {
    subject: "You have been invited to join {{ teamDisplayName }}",
    content: layout(
      "You are invited to {{ teamDisplayName }}",
      `<p>${greeting} Please click on the following button to join the team {{ teamDisplayName }}</p>
${button("teamInvitationLink", "Join team")}`
    )
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
const conditional = /\{\{#if\s+([A-Za-z_][A-Za-z0-9_]*)\s*\}\}([\s\S]*?)(?:\{\{else\}\}([\s\S]*?))?\{\{\/if\}\}/g

/**
 * Replace placeholders; unknown names become empty, so a typo in a custom template never leaks braces.
 * `{{#if name}}...{{else}}...{{/if}}` (not nested) keeps its first part when the value is non-empty, as the
 * hosted service's Handlebars templates do, e.g. `Hi{{#if userDisplayName}}, {{ userDisplayName }}{{/if}}!`.
 */
export const substitute = (
  source: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string) => string
): string =>
  source
    .replace(conditional, (_m, name: string, then: string, otherwise: string | undefined) =>
      (values[name] ?? "") !== "" ? then : otherwise ?? "")
    .replace(placeholder, (_m, name: string) => encode(values[name] ?? ""))

const variableTable = (type: EmailTemplateType, vars: TemplateVariables) => {
  const table: Record<string, string> = {
    projectDisplayName: vars.projectDisplayName,
    userDisplayName: vars.userDisplayName ?? "",
    link: vars.link,
    [linkNames[type]]: vars.link
  }
  if (vars.teamDisplayName !== undefined) table["teamDisplayName"] = vars.teamDisplayName
  if (vars.otp !== undefined) table["otp"] = vars.otp
  return table
}

/** Render a template with one message's values. */
export const renderEmail = (
  type: EmailTemplateType,
  template: EmailTemplateSource,
  vars: TemplateVariables
): RenderedEmail => {
  const values = variableTable(type, vars)
  const identity = (s: string) => s
  const html = substitute(contentToHtml(template.content), values, escapeHtml)
  return {
    // a subject is one header line: a newline from a display name must not start a new header
    subject: substitute(template.subject, values, identity).replace(/[\r\n]+/g, " "),
    html,
    text: htmlToText(html)
  }
}
