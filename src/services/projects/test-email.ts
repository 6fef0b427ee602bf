/**
 * Trying an SMTP configuration before saving it (admin tier). A failed send is an answer, not an error:
 * `{ success: false, errorMessage }` says what the mail server did.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { SendTestEmailRequest, SendTestEmailResult } from "../../domain/admin-actions.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import type { TestEmailErrors } from "./test-email-errors.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"

/** What the TestEmail service offers; see its tag for the rules. */
export interface TestEmailShape {
  /** `send({ recipientEmail, emailConfig: { host, port, username, password, senderName, senderEmail } })` */
  readonly send: (request: SendTestEmailRequest) => Effect.Effect<SendTestEmailResult, InvalidInput | FailureOf<typeof TestEmailErrors, "send">>
}

/** Sends a test e-mail through a given SMTP configuration (admin). */
export class TestEmail extends /* @__PURE__ */ Context.Service<TestEmail, TestEmailShape>()("stackfx/TestEmail") {
  static readonly layer: Layer.Layer<TestEmail, never, Transport> = /* @__PURE__ */ lazyLayer(
    TestEmail,
    { send: "function" },
    () => import("../live.js").then((m) => m.makeTestEmail)
  )
}
