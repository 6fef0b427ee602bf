/**
 * The small admin endpoints: metrics, the test email and the webhook portal token, plus the public
 * feature-support probe.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { TestEmailApi, WebhooksApi } from "@stackfx/lib/contract/admin.js"
import { FeatureSupportRequest, type SendTestEmailResult } from "@stackfx/lib/domain/admin-actions.js"
import { authenticate } from "../http/auth.js"
import { endpoint, publicEndpoint } from "../http/endpoint.js"
import { schemaErrorOf } from "../http/request.js"
import { json } from "../http/respond.js"
import { serve } from "../http/serve.js"
import { sendTestEmail } from "../mail/smtp.js"
import { projectMetrics } from "../operations/metrics.js"
import { portalToken } from "../operations/projects.js"
import { projectMetricsWire } from "../operations/user-views.js"
import { isEmailAddress } from "@stackfx/lib/domain/rules/email.js"
import { ADMIN } from "../http/access.js"

/** Loose on purpose (the hosted check is not stricter): one @ with something on both sides. */

/** A test email should fail within seconds: the admin is waiting on the answer. */
const TEST_EMAIL_TIMEOUT_MS = 10_000

export const routes = [
  endpoint({
    method: "GET",
    path: "/internal/metrics",
    access: ADMIN,
    handler: ({ auth }) =>
      Effect.flatMap(projectMetrics(auth.project.id), (metrics) => Effect.map(projectMetricsWire(metrics), (wire) => json(wire)))
  }),
  serve(TestEmailApi.send, ({ body, request }) =>
    Effect.gen(function*() {
      if (!isEmailAddress(body.recipientEmail) || !isEmailAddress(body.emailConfig.senderEmail)) {
        return yield* Effect.fail(
          schemaErrorOf(request, ["body: recipient_email and email_config.sender_email must be email addresses"])
        )
      }
      const result: SendTestEmailResult = yield* sendTestEmail(body.emailConfig, body.recipientEmail, {
        timeoutMs: TEST_EMAIL_TIMEOUT_MS
      }).pipe(
        Effect.as({ success: true }),
        Effect.catchTag("SmtpSendError", (error) => Effect.succeed({ success: false, errorMessage: error.errorMessage }))
      )
      return result
    })),
  serve(WebhooksApi.svixToken, ({ auth }) => Effect.map(portalToken(auth.project.id), (token) => ({ token }))),
  // Not served from a declaration yet: project authentication is optional here (but keys that are sent must
  // be right), which `serve` has no access type for.
  publicEndpoint({
    method: "POST",
    path: "/check-feature-support",
    body: Schema.Unknown,
    handler: ({ body, request }) =>
      Effect.gen(function*() {
        yield* authenticate(request.headers)
        const parsed = Schema.decodeUnknownOption(FeatureSupportRequest)(body)
        const name = parsed._tag === "Some" ? parsed.value.feature_name : undefined
        return HttpServerResponse.text(
          `${name ?? "This feature"} is not yet supported by the stackfx local backend.`
        )
      })
  })
]
