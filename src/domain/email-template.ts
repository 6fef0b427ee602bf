/** Email templates (`/email-templates`, admin tier). */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** @internal */
export const EMAIL_TEMPLATE_TYPES = ["email_verification", "password_reset", "magic_link", "team_invitation"] as const

/**
 * The kinds of e-mail a project sends, one template each: verification, password reset, sign-in link, team invitation.
 */
export const EmailTemplateType = Schema.Literals(EMAIL_TEMPLATE_TYPES)
export type EmailTemplateType = typeof EmailTemplateType.Type

/** `content` is the editor document the service stores: free JSON. */
export const EmailTemplate = wireStruct({
  type: EmailTemplateType,
  subject: Schema.String,
  content: Schema.Json,
  isDefault: Schema.Boolean
})
export type EmailTemplate = typeof EmailTemplate.Type

/** `PATCH /email-templates/{type}` body; absent keys are left unchanged. */
export const EmailTemplateUpdate = Schema.Struct({
  subject: Schema.optionalKey(Schema.String),
  content: Schema.optionalKey(Schema.Json)
})
export type EmailTemplateUpdate = typeof EmailTemplateUpdate.Type
