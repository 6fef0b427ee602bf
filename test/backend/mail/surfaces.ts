/**
 * The two places a template's HTML reaches a person: the preview an update answers
 * (`previewTemplate`, the `rendered_html` of `PATCH /internal/email-templates/{id}`) and the message the
 * backend mails (`buildTemplateEmail`, what the outbox stores and SMTP sends). The sanitizer tests check
 * both with the same template and the same link.
 */
import * as Effect from "effect/Effect"
import { buildTemplateEmail, defaultSender } from "../../../backend/src/mail/message.js"
import { previewTemplate } from "../../../backend/src/operations/email/email-templates.js"

/** What one surface made of a template: its HTML, or the tag of the refusal. */
export type Surface = { readonly ok: true; readonly html: string } | { readonly ok: false; readonly refusal: string }

/**
 * A template module around `jsx`, with a subject and a category, every variable accepted, and `link` as the
 * verification link of both its preview and its mail; `preview` adds preview variables.
 */
export const hostileTemplate = (
  jsx: string,
  link = "https://example.test/verify",
  preview: Readonly<Record<string, string>> = {}
) => `
import { NotificationCategory, Subject } from "@stackframe/emails"
export const variablesSchema = (v) => v
export function EmailTemplate({ user, project, variables }) {
  return (
    <>
      <Subject value="Hostile" />
      <NotificationCategory value="Transactional" />
      ${jsx}
    </>
  )
}
EmailTemplate.PreviewVariables = ${JSON.stringify({ ...preview, emailVerificationLink: link })}
`

/** The preview of an update (a defect throws, which the tests read as the 500 it would be). */
export const previewOf = (src: string): Surface =>
  Effect.runSync(
    Effect.match(previewTemplate({ displayName: "Demo" }, src), {
      onFailure: (e) => ({ ok: false as const, refusal: e._tag }),
      onSuccess: (html) => ({ ok: true as const, html })
    })
  )

/**
 * The mailed message of an e-mail verification rendered from `src`. `link` is the callback URL: the message's
 * link is it with the code added, as the backend builds it.
 */
export const mailOf = (
  src: string,
  link = "https://example.test/verify",
  userDisplayName: string | null = "Ada"
): Surface =>
  Effect.runSync(
    Effect.match(
      buildTemplateEmail({
        type: "email_verification",
        to: "ada@example.test",
        sender: defaultSender,
        projectDisplayName: "Demo",
        userDisplayName,
        callbackUrl: link,
        code: "c0de",
        tsxSource: src
      }),
      {
        onFailure: (e) => ({ ok: false as const, refusal: e._tag }),
        onSuccess: (mail) => ({ ok: true as const, html: mail.html })
      }
    )
  )
