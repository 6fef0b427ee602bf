/**
 * Email templates (admin tier), as the hosted service keeps them under `/internal/email-templates`: a list of
 * TSX templates keyed by UUID, seven of them the defaults the service sends its own messages with
 * (`DEFAULT_TEMPLATE_IDS`). Its members are declared in the table below.
 */
import * as Effect from "effect/Effect"
import { callers, type CallFailureAt, custom, effectCall, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { EmailTemplateNotFound } from "./email-template-not-found.js"
import { EmailTemplatesApi } from "../../contract/email-templates.js"
import type { EmailTemplate, EmailTemplateUpdate } from "../../domain/email-template.js"

/**
 * The project has no template with this id (deleted, never created, or in another project). The API answers
 * it with a plain 404 (`No template found with given id`) rather than a known error, so the client names it.
 */

type Fails<D extends keyof typeof EmailTemplatesApi> = CallFailureAt<(typeof EmailTemplatesApi)[D], "admin">

/** The project's e-mail templates (admin): list, read one, create, update and delete. */
export const EmailTemplatesCalls = {
  /**
   * Every template of the project, in the service's order (the defaults first). While the project uses the
   * shared email server this is exactly the seven defaults, whatever the project stored.
   */
  list: effectCall(EmailTemplatesApi.list, "admin", { input: () => ({}), output: (answer) => answer.templates }),
  /**
   * One template, found in the list: the service has no route for a single template, so this reads the list.
   * An id the list lacks is `EmailTemplateNotFound`.
   */
  get: custom<(id: string) => Effect.Effect<EmailTemplate, EmailTemplateNotFound | Fails<"list">>>("function"),
  /**
   * A new template named `displayName`, starting from the service's stock source; answers its id. Needs the
   * project's own SMTP server (`RequiresCustomEmailServer`).
   */
  create: functionCall(
    EmailTemplatesApi.create,
    "admin",
    (displayName: string) => ({ body: { displayName } }),
    (answer) => answer.id
  ),
  /**
   * Replaces a template's source (and its theme when `themeId` is given) and answers the new source rendered
   * with sample values. A source that does not render, or sets no `Subject` or `NotificationCategory`, is
   * refused with `EmailRenderingError` and nothing is stored.
   */
  update:
    custom<
      (
        id: string,
        update: EmailTemplateUpdate
      ) => Effect.Effect<{ readonly renderedHtml: string }, EmailTemplateNotFound | Fails<"update">>
    >("function"),
  /**
   * Removes a template, a default one included: the service then has nothing to send that message with.
   * A missing template is `EmailTemplateNotFound`, never a silent success.
   */
  delete: custom<(id: string) => Effect.Effect<void, EmailTemplateNotFound | Fails<"delete">>>("function")
}

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
