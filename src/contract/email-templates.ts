/**
 * Email templates (`/internal/email-templates`), admin only, as the hosted service keeps them: a list of TSX
 * templates keyed by UUID. There is no route for one template. Writes are refused while the project uses the
 * shared email server (`RequiresCustomEmailServer`); a template id that is not a UUID is a `SchemaError`; an
 * unknown template is a plain 404 (`No template found with given id`).
 */
import {
  EmailTemplateCreate,
  EmailTemplateCreated,
  EmailTemplateDeleted,
  EmailTemplateList,
  EmailTemplateRendered,
  EmailTemplateUpdate,
  TemplateId
} from "../domain/email-template.js"
import { ADMIN, ADMIN_TOKEN_ERRORS } from "./access.js"
import { endpoint } from "./declaration.js"

export const EmailTemplatesApi = {
  list: endpoint({
    name: "emailTemplates.list",
    summary: "Every template of the project, the defaults first (only the defaults on the shared email server)",
    method: "GET",
    path: "/internal/email-templates",
    access: ADMIN,
    success: EmailTemplateList,
    errors: ADMIN_TOKEN_ERRORS
  }),
  create: endpoint({
    name: "emailTemplates.create",
    summary: "A new template from the stock source; answers its id",
    method: "POST",
    path: "/internal/email-templates",
    access: ADMIN,
    body: EmailTemplateCreate,
    success: EmailTemplateCreated,
    errors: [...ADMIN_TOKEN_ERRORS, "SchemaError", "RequiresCustomEmailServer"]
  }),
  update: endpoint({
    name: "emailTemplates.update",
    summary: "Replaces a template's source (and theme), answering it rendered with sample values",
    method: "PATCH",
    path: "/internal/email-templates/{templateId}",
    params: { templateId: TemplateId },
    inputOrder: ["params", "body"],
    access: ADMIN,
    body: EmailTemplateUpdate,
    success: EmailTemplateRendered,
    errors: [...ADMIN_TOKEN_ERRORS, "SchemaError", "RequiresCustomEmailServer", "EmailRenderingError"]
  }),
  delete: endpoint({
    name: "emailTemplates.delete",
    summary: "Removes a template, a default one included; answers `{}`",
    method: "DELETE",
    path: "/internal/email-templates/{templateId}",
    params: { templateId: TemplateId },
    inputOrder: ["params", "body"],
    access: ADMIN,
    success: EmailTemplateDeleted,
    errors: [...ADMIN_TOKEN_ERRORS, "SchemaError", "RequiresCustomEmailServer"]
  })
}
