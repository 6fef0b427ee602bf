/**
 * Email templates (admin tier): one per type, the project's own or the built-in default (`isDefault`).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { EmailTemplate, EmailTemplateType, EmailTemplateUpdate } from "../../domain/email-template.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import type { EmailTemplatesErrors } from "./email-templates-errors.js"
import { lazyLayer } from "../http/lazy-service.js"
import type { Transport } from "../http/transport.js"

type Fails<Method extends keyof typeof EmailTemplatesErrors> = FailureOf<typeof EmailTemplatesErrors, Method>

/** What the EmailTemplates service offers; see its tag for the rules. */
export interface EmailTemplatesShape {
  /** Every template type, customised or default. */
  readonly list: Effect.Effect<ReadonlyArray<EmailTemplate>, Fails<"list">>
  readonly get: (type: EmailTemplateType) => Effect.Effect<EmailTemplate, Fails<"get">>
  /** `update("magic_link", { subject: "Your link" })`: customises the template; absent keys keep their value. */
  readonly update: (
    type: EmailTemplateType,
    patch: EmailTemplateUpdate
  ) => Effect.Effect<EmailTemplate, InvalidInput | Fails<"update">>
  /**
   * Drops the customisation so the default is used again. Resetting a template that is already the
   * default succeeds (the server's "not found" for it is taken as done).
   */
  readonly resetToDefault: (type: EmailTemplateType) => Effect.Effect<void, Fails<"resetToDefault">>
}

/** The project's e-mail templates (admin): list, read, update and reset. */
export class EmailTemplates extends /* @__PURE__ */ Context.Service<EmailTemplates, EmailTemplatesShape>()("stackfx/EmailTemplates") {
  static readonly layer: Layer.Layer<EmailTemplates, never, Transport> = /* @__PURE__ */ lazyLayer(
    EmailTemplates,
    { list: "effect", get: "function", update: "function", resetToDefault: "function" },
    () => import("../live.js").then((m) => m.makeEmailTemplates)
  )
}
