/** The implementation of {@link EmailTemplates}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { EmailTemplate, type EmailTemplateType, EmailTemplateUpdate } from "../../domain/email-template.js"
import { ListResponse } from "../../domain/list.js"
import { SuccessResponse } from "../../domain/success.js"
import { EmailTemplatesErrors } from "./email-templates-errors.js"
import type { EmailTemplatesShape } from "./email-templates.js"
import { documented } from "../http/endpoint.js"
import { jsonBody, Transport } from "../http/transport.js"
import { encodeInput } from "../http/wire-codec.js"

export const makeEmailTemplates: Effect.Effect<EmailTemplatesShape, never, Transport> = Effect.gen(function*() {
  const transport = yield* Transport
  const encodePatch = encodeInput(EmailTemplateUpdate)
  const path = (type: EmailTemplateType) => `/email-templates/${encodeURIComponent(type)}`

  const list = transport.requestJson({ method: "GET", path: "/email-templates" }, ListResponse(EmailTemplate)).pipe(
    Effect.map((answer) => answer.items),
    documented(...EmailTemplatesErrors.list)
  )

  const get = (type: EmailTemplateType) =>
    transport.requestJson({ method: "GET", path: path(type) }, EmailTemplate).pipe(
      documented(...EmailTemplatesErrors.get)
    )

  const update = (type: EmailTemplateType, patch: EmailTemplateUpdate) =>
    encodePatch(patch).pipe(
      Effect.flatMap((body) => transport.requestJson({ method: "PATCH", path: path(type), body: jsonBody(body) }, EmailTemplate)),
      documented(...EmailTemplatesErrors.update)
    )

  const resetToDefault = (type: EmailTemplateType) =>
    transport.requestJson({ method: "DELETE", path: path(type) }, SuccessResponse).pipe(
      Effect.asVoid,
      Effect.catchIf((error) => error._tag === "HttpError" && error.status === 404, () => Effect.void),
      documented(...EmailTemplatesErrors.resetToDefault)
    )

  return { list, get, update, resetToDefault } satisfies EmailTemplatesShape
})
