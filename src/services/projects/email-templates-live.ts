/** The implementation of {@link EmailTemplates}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { EmailTemplatesApi } from "../../contract/email-templates.js"
import type { EmailTemplateUpdate } from "../../domain/email-template.js"
import { callers } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { EmailTemplateNotFound } from "./email-templates.js"
import { EmailTemplatesCalls } from "./email-templates-calls.js"

const notFound = (templateId: string) =>
  new EmailTemplateNotFound({ templateId, message: `No email template with id ${templateId}.` })

// The hosted service answers an unknown template id with a plain 404 ("No template found with given id").
const isMissing = (error: { readonly _tag: string; readonly status?: number }) =>
  error._tag === "HttpError" && error.status === 404

export const makeEmailTemplates = implement(
  EmailTemplatesCalls,
  Effect.map(Transport, (transport) => {
    const { list, update, delete: remove } = callers(transport, EmailTemplatesApi, "admin")
    const template = (id: string) => ({ templateId: id })
    return {
      get: (id: string) =>
        Effect.flatMap(list({}), (answer) => {
          const found = answer.templates.find((candidate) => candidate.id === id)
          return found === undefined ? Effect.fail(notFound(id)) : Effect.succeed(found)
        }),
      update: (id: string, patch: EmailTemplateUpdate) =>
        update({ params: template(id), body: patch }).pipe(Effect.catchIf(isMissing, () => Effect.fail(notFound(id)))),
      delete: (id: string) =>
        remove({ params: template(id) }).pipe(
          Effect.asVoid,
          Effect.catchIf(isMissing, () => Effect.fail(notFound(id)))
        )
    }
  })
)
