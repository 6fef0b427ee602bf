/**
 * The small admin endpoints: metrics, the test email, the webhook portal token and test event, the sign-in
 * invitation (server too), plus the public feature-support probe.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { MetricsApi, SignInInvitationsApi, TestEmailApi, WebhooksApi } from "@stackfx/lib/contract/admin.js"
import { FeatureSupportApi } from "@stackfx/lib/contract/feature-support.js"
import { FeatureSupportRequest, type SendTestEmailResult } from "@stackfx/lib/domain/admin-actions.js"
import { requireInput } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import { sendTestEmail } from "../../mail/smtp.js"
import { projectMetrics } from "../../operations/projects/metrics.js"
import { portalToken } from "../../operations/projects/projects.js"
import { sendSignInInvitation } from "../../operations/auth/sign-in-invitations.js"
import { isEmailAddress } from "@stackfx/lib/domain/rules/email.js"

/** Loose on purpose (the hosted check is not stricter): one @ with something on both sides. */

/** A test email should fail within seconds: the admin is waiting on the answer. */
const TEST_EMAIL_TIMEOUT_MS = 10_000

export const routes = [
  serve(MetricsApi.get, ({ auth, query }) => projectMetrics(auth.project.id, query.include_anonymous === "true")),
  serve(TestEmailApi.send, ({ body, request }) =>
    Effect.gen(function* () {
      yield* requireInput(
        request,
        isEmailAddress(body.recipientEmail) && isEmailAddress(body.emailConfig.senderEmail),
        "body: recipient_email and email_config.sender_email must be email addresses"
      )
      const result: SendTestEmailResult = yield* sendTestEmail(body.emailConfig, body.recipientEmail, {
        timeoutMs: TEST_EMAIL_TIMEOUT_MS
      }).pipe(
        Effect.as({ success: true }),
        Effect.catchTag("SmtpSendError", (error) =>
          Effect.succeed({ success: false, errorMessage: error.errorMessage })
        )
      )
      return result
    })
  ),
  // No hosted portal here: the answer has no `url`, as the service's does when it runs its own webhook server.
  serve(WebhooksApi.svixToken, ({ auth }) => Effect.map(portalToken(auth.project.id), (token) => ({ token }))),
  serve(SignInInvitationsApi.send, ({ auth, body }) =>
    Effect.as(sendSignInInvitation(auth.project, body.email, body.callbackUrl), { success: true as const })
  ),
  // Any caller may ask; the project headers are checked when sent. The body is any JSON, read without a check.
  serve(FeatureSupportApi.check, ({ body }) => {
    const parsed = Schema.decodeUnknownOption(FeatureSupportRequest)(body)
    const name = parsed._tag === "Some" ? parsed.value.feature_name : undefined
    return Effect.succeed(
      HttpServerResponse.text(
        `${name ?? "This feature"} is not yet supported. Please reach out to Stack support for more information.`
      )
    )
  })
]
