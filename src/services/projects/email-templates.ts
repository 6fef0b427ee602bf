/**
 * Email templates (admin tier), as the hosted service keeps them under `/internal/email-templates`: a list of
 * TSX templates keyed by UUID, seven of them the defaults the service sends its own messages with
 * (`DEFAULT_TEMPLATE_IDS`). Its members are declared in email-templates-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { EmailTemplatesMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { EmailTemplatesCalls } from "./email-templates-calls.js"

/**
 * The project has no template with this id (deleted, never created, or in another project). The API answers
 * it with a plain 404 (`No template found with given id`) rather than a known error, so the client names it.
 */
export class EmailTemplateNotFound extends Schema.TaggedError<EmailTemplateNotFound>()("EmailTemplateNotFound", {
  templateId: Schema.String,
  message: Schema.String
}) {}

/** What the EmailTemplates service offers; see its tag for the rules. */
export type EmailTemplatesShape = ShapeOf<typeof EmailTemplatesCalls>

/** The project's e-mail templates (admin): list, read one, create, update and delete. */
export class EmailTemplates
  extends /* @__PURE__ */ Context.Service<EmailTemplates, EmailTemplatesShape>()("stackfx/EmailTemplates")
{
  static readonly layer: Layer.Layer<EmailTemplates, never, Transport> = /* @__PURE__ */ lazyLayer(
    EmailTemplates,
    EmailTemplatesMembers,
    () => import("../live.js").then((m) => m.makeEmailTemplates)
  )
}
