/**
 * Email templates (`/internal/email-templates`), admin only, as the hosted service answers them: `GET` lists
 * `{ templates }`, `POST` answers `{ id }` (200), `PATCH /{id}` answers `{ rendered_html }` and `DELETE /{id}`
 * answers `{}`. There is no route for one template, and the legacy `/email-templates` routes are gone (the
 * not-found handler answers them, as the service does). The rules are in `operations/email/email-templates.ts`.
 */
import * as Effect from "effect/Effect"
import { EmailTemplatesApi } from "@stackfx/lib/contract/email-templates.js"
import { refuseInput } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import {
  createTemplate,
  deleteTemplate,
  projectTemplates,
  updateTemplate
} from "../../operations/email/email-templates.js"

export const routes = [
  serve(EmailTemplatesApi.list, ({ auth }) =>
    Effect.map(projectTemplates(auth.project), (templates) => ({ templates }))
  ),
  serve(EmailTemplatesApi.create, ({ auth, body }) =>
    Effect.map(createTemplate(auth.project, body.displayName), (id) => ({ id }))
  ),
  serve(EmailTemplatesApi.update, ({ auth, body, params, request }) =>
    Effect.gen(function* () {
      const renderedHtml = yield* updateTemplate(auth.project, params.templateId, body).pipe(
        Effect.catchTag("InvalidTemplateSource", (invalid) =>
          refuseInput(request, `body.tsx_source: ${invalid.problem}`)
        )
      )
      return { renderedHtml }
    })
  ),
  serve(EmailTemplatesApi.delete, ({ auth, params }) =>
    Effect.gen(function* () {
      yield* deleteTemplate(auth.project, params.templateId)
      // The service answers `{}` here, not `{ success: true }`.
      return {}
    })
  )
]
