/**
 * Email templates (admin tier): one per type, the project's own or the built-in default (`isDefault`).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { EmailTemplate, type EmailTemplateType, EmailTemplateUpdate } from "../domain/email-template.js"
import { ListResponse } from "../domain/list.js"
import { SuccessResponse } from "../domain/success.js"
import type { InvalidInput } from "../errors/client/invalid-input.js"
import { AdminAuthErrorTags, type AdminFailure } from "./admin-auth.js"
import { documented, encodeInput } from "./endpoint.js"
import { jsonBody, Transport } from "./transport.js"

export interface EmailTemplatesShape {
  /** Every template type, customised or default. */
  readonly list: Effect.Effect<ReadonlyArray<EmailTemplate>, AdminFailure>
  readonly get: (type: EmailTemplateType) => Effect.Effect<EmailTemplate, AdminFailure<"SchemaError">>
  /** `update("magic_link", { subject: "Your link" })`: customises the template; absent keys keep their value. */
  readonly update: (
    type: EmailTemplateType,
    patch: EmailTemplateUpdate
  ) => Effect.Effect<EmailTemplate, InvalidInput | AdminFailure<"SchemaError">>
  /**
   * Drops the customisation so the default is used again. Resetting a template that is already the
   * default succeeds (the server's "not found" for it is taken as done).
   */
  readonly resetToDefault: (type: EmailTemplateType) => Effect.Effect<void, AdminFailure<"SchemaError">>
}

export class EmailTemplates extends Context.Service<EmailTemplates, EmailTemplatesShape>()("stackfx/EmailTemplates") {
  static readonly layer: Layer.Layer<EmailTemplates, never, Transport> = Layer.effect(
    EmailTemplates,
    Effect.gen(function*() {
      const transport = yield* Transport
      const encodePatch = encodeInput(EmailTemplateUpdate)
      const path = (type: EmailTemplateType) => `/email-templates/${encodeURIComponent(type)}`

      const list = transport.requestJson({ method: "GET", path: "/email-templates" }, ListResponse(EmailTemplate)).pipe(
        Effect.map((answer) => answer.items),
        documented(...AdminAuthErrorTags)
      )

      const get = (type: EmailTemplateType) =>
        transport.requestJson({ method: "GET", path: path(type) }, EmailTemplate).pipe(
          documented(...AdminAuthErrorTags, "SchemaError")
        )

      const update = (type: EmailTemplateType, patch: EmailTemplateUpdate) =>
        encodePatch(patch).pipe(
          Effect.flatMap((body) => transport.requestJson({ method: "PATCH", path: path(type), body: jsonBody(body) }, EmailTemplate)),
          documented(...AdminAuthErrorTags, "SchemaError")
        )

      const resetToDefault = (type: EmailTemplateType) =>
        transport.requestJson({ method: "DELETE", path: path(type) }, SuccessResponse).pipe(
          Effect.asVoid,
          Effect.catchIf((error) => error._tag === "HttpError" && error.status === 404, () => Effect.void),
          documented(...AdminAuthErrorTags, "SchemaError")
        )

      return EmailTemplates.of({ list, get, update, resetToDefault })
    })
  )
}
