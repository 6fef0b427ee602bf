/**
 * The members of {@link EmailTemplates}, calls of the declared endpoints (contract/email-templates.ts). The
 * service has no route for one template and answers an unknown id with a plain 404, so `get` reads the list
 * and `update` / `delete` name the 404 `EmailTemplateNotFound` (email-templates-live.ts).
 */
import type * as Effect from "effect/Effect"
import { EmailTemplatesApi } from "../../contract/email-templates.js"
import type { EmailTemplate, EmailTemplateUpdate } from "../../domain/email-template.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, effectCall, functionCall } from "../http/service-calls.js"
import type { EmailTemplateNotFound } from "./email-templates.js"

type Fails<D extends keyof typeof EmailTemplatesApi> = CallFailureAt<(typeof EmailTemplatesApi)[D], "admin">

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
