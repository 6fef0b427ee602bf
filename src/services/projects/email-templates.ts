/**
 * Email templates (admin tier), as the hosted service keeps them under `/internal/email-templates`: a list of
 * TSX templates keyed by UUID, seven of them the defaults the service sends its own messages with
 * (`DEFAULT_TEMPLATE_IDS`).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type { EmailTemplate, EmailTemplateUpdate } from "../../domain/email-template.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import type { EmailTemplatesErrors } from "./email-templates-errors.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"

type Fails<Method extends keyof typeof EmailTemplatesErrors> = FailureOf<typeof EmailTemplatesErrors, Method>

/**
 * The project has no template with this id (deleted, never created, or in another project). The API answers
 * it with a plain 404 (`No template found with given id`) rather than a known error, so the client names it.
 */
export class EmailTemplateNotFound extends Schema.TaggedError<EmailTemplateNotFound>()("EmailTemplateNotFound", {
  templateId: Schema.String,
  message: Schema.String
}) {}

/** What the EmailTemplates service offers; see its tag for the rules. */
export interface EmailTemplatesShape {
  /**
   * Every template of the project, in the service's order (the defaults first). While the project uses the
   * shared email server this is exactly the seven defaults, whatever the project stored.
   */
  readonly list: Effect.Effect<ReadonlyArray<EmailTemplate>, Fails<"list">>
  /**
   * One template, found in the list: the service has no route for a single template, so this reads the list.
   * An id the list lacks is `EmailTemplateNotFound`.
   */
  readonly get: (id: string) => Effect.Effect<EmailTemplate, EmailTemplateNotFound | Fails<"get">>
  /**
   * A new template named `displayName`, starting from the service's stock source; answers its id. Needs the
   * project's own SMTP server (`RequiresCustomEmailServer`).
   */
  readonly create: (displayName: string) => Effect.Effect<string, InvalidInput | Fails<"create">>
  /**
   * Replaces a template's source (and its theme when `themeId` is given) and answers the new source rendered
   * with sample values. A source that does not render, or sets no `Subject` or `NotificationCategory`, is
   * refused with `EmailRenderingError` and nothing is stored.
   */
  readonly update: (
    id: string,
    update: EmailTemplateUpdate
  ) => Effect.Effect<{ readonly renderedHtml: string }, InvalidInput | EmailTemplateNotFound | Fails<"update">>
  /**
   * Removes a template, a default one included: the service then has nothing to send that message with.
   * A missing template is `EmailTemplateNotFound`, never a silent success.
   */
  readonly delete: (id: string) => Effect.Effect<void, EmailTemplateNotFound | Fails<"delete">>
}

/** The project's e-mail templates (admin): list, read one, create, update and delete. */
export class EmailTemplates extends /* @__PURE__ */ Context.Service<EmailTemplates, EmailTemplatesShape>()("stackfx/EmailTemplates") {
  static readonly layer: Layer.Layer<EmailTemplates, never, Transport> = /* @__PURE__ */ lazyLayer(
    EmailTemplates,
    { list: "effect", get: "function", create: "function", update: "function", delete: "function" },
    () => import("../live.js").then((m) => m.makeEmailTemplates)
  )
}
