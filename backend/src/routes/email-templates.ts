/**
 * Email templates (`/email-templates`), admin only. Every type is always listed: the project's customised
 * template when it has one (`is_default: false`), the built-in one otherwise. Empty subject or content in
 * an update keep the current value, and deleting a type that is not customised is a 404, as on the hosted
 * service.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { EMAIL_TEMPLATE_TYPES, EmailTemplate, EmailTemplateType, EmailTemplateUpdate } from "@stackfx/lib/domain/email-template.js"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { endpoint } from "../http/endpoint.js"
import { validate } from "../http/request.js"
import { encoded, HttpStatusError, success } from "../http/respond.js"
import { defaultEmailTemplates } from "../mail/templates.js"
import { Db } from "../store/db.js"
import { deleteEmailTemplate, findEmailTemplate, listEmailTemplates, saveEmailTemplate, type StoredEmailTemplate } from "../store/email-templates.js"
import { ADMIN } from "../http/access.js"

const TemplateList = ListResponse(EmailTemplate)
const TypeParams = Schema.Struct({ type: EmailTemplateType })

const customView = (template: StoredEmailTemplate): EmailTemplate => ({ ...template, isDefault: false })
const defaultView = (type: EmailTemplateType): EmailTemplate => ({ type, ...defaultEmailTemplates[type], isDefault: true })

const typeOf = (params: Readonly<Record<string, string | undefined>>, request: { readonly method: string; readonly originalUrl: string }) =>
  Effect.map(validate(TypeParams, "params", params, request), (p) => p.type)

/** A template's content must be something the mail renderer can show. */
const isUsableContent = (content: Schema.Json): boolean =>
  typeof content === "string" || (typeof content === "object" && content !== null && !Array.isArray(content))

export const routes = [
  endpoint({
    method: "GET",
    path: "/email-templates",
    access: ADMIN,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        const custom = yield* listEmailTemplates(yield* Db, auth.project.id)
        const items = EMAIL_TEMPLATE_TYPES.map((type) => {
          const found = custom.find((t) => t.type === type)
          return found === undefined ? defaultView(type) : customView(found)
        })
        return yield* encoded(TemplateList, { items, isPaginated: false })
      })
  }),
  endpoint({
    method: "GET",
    path: "/email-templates/:type",
    access: ADMIN,
    handler: ({ auth, params, request }) =>
      Effect.gen(function*() {
        const type = yield* typeOf(params, request)
        const found = yield* findEmailTemplate(yield* Db, auth.project.id, type)
        return yield* encoded(EmailTemplate, found === undefined ? defaultView(type) : customView(found))
      })
  }),
  endpoint({
    method: "PATCH",
    path: "/email-templates/:type",
    access: ADMIN,
    body: EmailTemplateUpdate,
    handler: ({ auth, body, params, request }) =>
      Effect.gen(function*() {
        const type = yield* typeOf(params, request)
        if (body.content !== undefined && body.content !== "" && !isUsableContent(body.content)) {
          return yield* Effect.fail(new HttpStatusError({ status: 400, message: "Invalid email template content" }))
        }
        const db = yield* Db
        const current = (yield* findEmailTemplate(db, auth.project.id, type)) ?? { type, ...defaultEmailTemplates[type] }
        const next: StoredEmailTemplate = {
          type,
          subject: body.subject === undefined || body.subject === "" ? current.subject : body.subject,
          content: body.content === undefined || body.content === "" ? current.content : body.content
        }
        yield* saveEmailTemplate(db, auth.project.id, next, new Date(yield* Clock.currentTimeMillis))
        return yield* encoded(EmailTemplate, customView(next))
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/email-templates/:type",
    access: ADMIN,
    handler: ({ auth, params, request }) =>
      Effect.gen(function*() {
        const type = yield* typeOf(params, request)
        const removed = yield* deleteEmailTemplate(yield* Db, auth.project.id, type)
        if (!removed) return yield* Effect.fail(new HttpStatusError({ status: 404, message: "Email template not found" }))
        return success
      })
  })
]
