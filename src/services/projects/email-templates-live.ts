/** The implementation of {@link EmailTemplates}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import {
  EmailTemplateCreate,
  EmailTemplateCreated,
  EmailTemplateDeleted,
  EmailTemplateList,
  EmailTemplateRendered,
  EmailTemplateUpdate
} from "../../domain/email-template.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import { jsonBody, Transport } from "../http/transport.js"
import { encodeInput } from "../http/wire-codec.js"
import { EmailTemplatesErrors } from "./email-templates-errors.js"
import { EmailTemplateNotFound, type EmailTemplatesShape } from "./email-templates.js"

const notFound = (templateId: string) =>
  new EmailTemplateNotFound({ templateId, message: `No email template with id ${templateId}.` })

// The hosted service answers an unknown template id with a plain 404 ("No template found with given id").
const isMissing = (error: { readonly _tag: string; readonly status?: number }) =>
  error._tag === "HttpError" && error.status === 404

export const makeEmailTemplates: Effect.Effect<EmailTemplatesShape, never, Transport> = Effect.gen(function*() {
  const transport = yield* Transport
  const encodeCreate = encodeInput(EmailTemplateCreate)
  const encodeUpdate = encodeInput(EmailTemplateUpdate)
  const path = (id: string) => `/internal/email-templates/${segment(id)}`

  const list = transport.requestJson({ method: "GET", path: "/internal/email-templates" }, EmailTemplateList).pipe(
    Effect.map((answer) => answer.templates),
    documented(...EmailTemplatesErrors.list)
  )

  const get = (id: string) =>
    list.pipe(
      Effect.flatMap((templates) => {
        const found = templates.find((template) => template.id === id)
        return found === undefined ? Effect.fail(notFound(id)) : Effect.succeed(found)
      }),
      documented(...EmailTemplatesErrors.get)
    )

  const create = (displayName: string) =>
    encodeCreate({ displayName }).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "POST", path: "/internal/email-templates", body: jsonBody(body) }, EmailTemplateCreated)
      ),
      Effect.map((answer) => answer.id),
      documented(...EmailTemplatesErrors.create)
    )

  const update = (id: string, patch: EmailTemplateUpdate) =>
    encodeUpdate(patch).pipe(
      Effect.flatMap((body) => transport.requestJson({ method: "PATCH", path: path(id), body: jsonBody(body) }, EmailTemplateRendered)),
      Effect.catchIf(isMissing, () => Effect.fail(notFound(id))),
      documented(...EmailTemplatesErrors.update)
    )

  const remove = (id: string) =>
    transport.requestJson({ method: "DELETE", path: path(id) }, EmailTemplateDeleted).pipe(
      Effect.asVoid,
      Effect.catchIf(isMissing, () => Effect.fail(notFound(id))),
      documented(...EmailTemplatesErrors.delete)
    )

  return { list, get, create, update, delete: remove } satisfies EmailTemplatesShape
})
