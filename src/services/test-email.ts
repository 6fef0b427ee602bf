/**
 * Trying an SMTP configuration before saving it (admin tier). A failed send is an answer, not an error:
 * `{ success: false, errorMessage }` says what the mail server did.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { SendTestEmailRequest, type SendTestEmailResult, SendTestEmailResult as ResultSchema } from "../domain/admin-actions.js"
import type { InvalidInput } from "../errors/client/invalid-input.js"
import { AdminAuthErrorTags, type AdminFailure } from "./admin-auth.js"
import { documented, encodeInput } from "./endpoint.js"
import { jsonBody, Transport } from "./transport.js"

export interface TestEmailShape {
  /** `send({ recipientEmail, emailConfig: { host, port, username, password, senderName, senderEmail } })` */
  readonly send: (request: SendTestEmailRequest) => Effect.Effect<SendTestEmailResult, InvalidInput | AdminFailure<"SchemaError">>
}

export class TestEmail extends Context.Service<TestEmail, TestEmailShape>()("stackfx/TestEmail") {
  static readonly layer: Layer.Layer<TestEmail, never, Transport> = Layer.effect(
    TestEmail,
    Effect.gen(function*() {
      const transport = yield* Transport
      const encode = encodeInput(SendTestEmailRequest)
      return TestEmail.of({
        send: (request) =>
          encode(request).pipe(
            Effect.flatMap((body) =>
              transport.requestJson({ method: "POST", path: "/internal/send-test-email", body: jsonBody(body) }, ResultSchema)
            ),
            documented(...AdminAuthErrorTags, "SchemaError")
          )
      })
    })
  )
}
