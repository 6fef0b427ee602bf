/**
 * Email templates (`/internal/email-templates`, admin tier). The hosted service keys templates by UUID; each
 * holds a TSX component (`tsx_source`) that sets the message's subject and body. A project starts with seven
 * default templates (below); the shared email server always uses those seven, so editing templates needs
 * the project's own SMTP server (`REQUIRES_CUSTOM_EMAIL_SERVER`).
 */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"
import { Uuid } from "./ids.js"

/**
 * The ids of the hosted service's default templates, one per message the service sends itself. The ids are
 * the service's (`DEFAULT_TEMPLATE_IDS`), so a program can find, say, the verification template of any project.
 */
export const DEFAULT_TEMPLATE_IDS = {
  email_verification: "e7d009ce-8d47-4528-b245-5bf119f2ffa3",
  password_reset: "a70fb3a4-56c1-4e42-af25-49d25603abd0",
  magic_link: "822687fe-8d0a-4467-a0d1-416b6e639478",
  team_invitation: "e84de395-2076-4831-9c19-8e9a96a868e4",
  sign_in_invitation: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc",
  payment_receipt: "70372aee-0441-4d80-974c-2e858e40123a",
  payment_failed: "f64b1afe-27ec-4a28-a277-7178f3261f9a"
} as const

/** The message a default template is for, e.g. `"magic_link"`. */
export type DefaultTemplateType = keyof typeof DEFAULT_TEMPLATE_IDS

/** A template or theme id: the service refuses anything but a UUID (`SCHEMA_ERROR`). */
export const TemplateId = Uuid

/**
 * The theme a template is wrapped in: a theme's id, `false` for no theme, `null` for the project's selected
 * theme. A default template has no `theme_id` at all, which also means the project's selected theme.
 */
export const TemplateThemeId = Schema.Union([TemplateId, Schema.Literal(false), Schema.Null])
export type TemplateThemeId = typeof TemplateThemeId.Type

/**
 * One template as `GET /internal/email-templates` lists it. The answer's theme id is not checked for the UUID
 * form (the service vouches for what it stored), which keeps the answer on the compiled decode path.
 */
export const EmailTemplate = wireStruct({
  id: Schema.String,
  displayName: Schema.String,
  tsxSource: Schema.String,
  themeId: Schema.optionalKey(Schema.Union([Schema.String, Schema.Literal(false), Schema.Null]))
})
export type EmailTemplate = typeof EmailTemplate.Type

/** The answer of `GET /internal/email-templates`: `{ templates: [...] }`, not a paginated list. */
export const EmailTemplateList = Schema.Struct({ templates: Schema.Array(EmailTemplate) })
export type EmailTemplateList = typeof EmailTemplateList.Type

/** `POST /internal/email-templates` body: the new template starts from the service's stock source. */
export const EmailTemplateCreate = wireStruct({ displayName: Schema.String })
export type EmailTemplateCreate = typeof EmailTemplateCreate.Type

/** The answer of `POST /internal/email-templates`: the new template's id. */
export const EmailTemplateCreated = Schema.Struct({ id: Schema.String })
export type EmailTemplateCreated = typeof EmailTemplateCreated.Type

/**
 * `PATCH /internal/email-templates/{id}` body. The source is replaced; `themeId` is written only when
 * present (absent keeps the template's theme).
 */
export const EmailTemplateUpdate = wireStruct({
  tsxSource: Schema.String,
  themeId: Schema.optionalKey(TemplateThemeId)
})
export type EmailTemplateUpdate = typeof EmailTemplateUpdate.Type

/** The answer of a template update: the new source rendered with sample values (a preview). */
export const EmailTemplateRendered = wireStruct({ renderedHtml: Schema.String })
export type EmailTemplateRendered = typeof EmailTemplateRendered.Type

/** The answer of `DELETE /internal/email-templates/{id}`: an empty object, not `{ success: true }`. */
export const EmailTemplateDeleted = Schema.Struct({})
export type EmailTemplateDeleted = typeof EmailTemplateDeleted.Type
