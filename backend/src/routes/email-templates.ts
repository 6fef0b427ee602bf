/**
 * Email templates (`/internal/email-templates`), admin only, as the hosted service answers them: `GET` lists
 * `{ templates }`, `POST` answers `{ id }` (200), `PATCH /{id}` answers `{ rendered_html }` and `DELETE /{id}`
 * answers `{}`. There is no route for one template, and the legacy `/email-templates` routes are gone (the
 * not-found handler answers them, as the service does). The rules are in `operations/email-templates.ts`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  EmailTemplateCreate,
  EmailTemplateCreated,
  EmailTemplateList,
  EmailTemplateRendered,
  EmailTemplateUpdate,
  TemplateId
} from "@stackfx/lib/domain/email-template.js"
import { ADMIN } from "../http/access.js"
import { endpoint } from "../http/endpoint.js"
import { validate } from "../http/request.js"
import { encoded, json } from "../http/respond.js"
import { createTemplate, deleteTemplate, projectTemplates, updateTemplate } from "../operations/email-templates.js"
import { Db } from "../store/db.js"

// The service checks the id's format before anything else: a non-UUID id is a SCHEMA_ERROR on `params.templateId`.
const IdParams = Schema.Struct({ templateId: TemplateId })

const templateIdOf = (
  params: Readonly<Record<string, string | undefined>>,
  request: { readonly method: string; readonly originalUrl: string }
) => Effect.map(validate(IdParams, "params", params, request), (p) => p.templateId)

export const routes = [
  endpoint({
    method: "GET",
    path: "/internal/email-templates",
    access: ADMIN,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        const templates = yield* projectTemplates(yield* Db, auth.project)
        return yield* encoded(EmailTemplateList, { templates })
      })
  }),
  endpoint({
    method: "POST",
    path: "/internal/email-templates",
    access: ADMIN,
    body: EmailTemplateCreate,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const id = yield* createTemplate(yield* Db, auth.project, body.displayName)
        return yield* encoded(EmailTemplateCreated, { id })
      })
  }),
  endpoint({
    method: "PATCH",
    path: "/internal/email-templates/:templateId",
    access: ADMIN,
    body: EmailTemplateUpdate,
    handler: ({ auth, body, params, request }) =>
      Effect.gen(function*() {
        const id = yield* templateIdOf(params, request)
        const renderedHtml = yield* updateTemplate(yield* Db, auth.project, id, body)
        return yield* encoded(EmailTemplateRendered, { renderedHtml })
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/internal/email-templates/:templateId",
    access: ADMIN,
    handler: ({ auth, params, request }) =>
      Effect.gen(function*() {
        const id = yield* templateIdOf(params, request)
        yield* deleteTemplate(yield* Db, auth.project, id)
        // The service answers `{}` here, not `{ success: true }`.
        return json({})
      })
  })
]
