/** The implementation of {@link TestEmail}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { SendTestEmailRequest, SendTestEmailResult } from "../../domain/admin-actions.js"
import { documented } from "../http/endpoint.js"
import type { TestEmailShape } from "./test-email.js"
import { jsonBody, Transport } from "../http/transport.js"
import { TestEmailErrors } from "./test-email-errors.js"
import { encodeInput } from "../http/wire-codec.js"

export const makeTestEmail: Effect.Effect<TestEmailShape, never, Transport> = Effect.gen(function*() {
  const transport = yield* Transport
  const encode = encodeInput(SendTestEmailRequest)
  return {
    send: (request) =>
      encode(request).pipe(
        Effect.flatMap((body) =>
          transport.requestJson({ method: "POST", path: "/internal/send-test-email", body: jsonBody(body) }, SendTestEmailResult)
        ),
        documented(...TestEmailErrors.send)
      )
  } satisfies TestEmailShape
})
