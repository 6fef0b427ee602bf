/**
 * Bodies of the small admin actions: the test email (`POST /internal/send-test-email`), the webhook portal
 * token (`POST /webhooks/svix-token`), the test webhook (`POST /internal/send-test-webhook`), the sign-in
 * invitation (`POST /internal/send-sign-in-invitation`) and the feature-support probe (`POST
 * /check-feature-support`).
 */
import * as Schema from "effect/Schema"
import { smtpServerFields } from "./project.js"
import { AbsoluteUrl } from "./absolute-url.js"
import { EmailAddress } from "./rules/email.js"
import { wireStruct } from "./wire.js"

/** An SMTP server to try, as in a standard email config but without its `type`. */
export const TestEmailConfig = wireStruct(smtpServerFields)
export type TestEmailConfig = typeof TestEmailConfig.Type

/** The body of `POST /internal/send-test-email`: send one test message to `recipientEmail` through `emailConfig`. */
export const SendTestEmailRequest = wireStruct({
  recipientEmail: Schema.String,
  emailConfig: TestEmailConfig
})
export type SendTestEmailRequest = typeof SendTestEmailRequest.Type

/** The server answers 200 either way; a failed send carries the reason in `errorMessage`. */
export const SendTestEmailResult = wireStruct({
  success: Schema.Boolean,
  errorMessage: Schema.optionalKey(Schema.String)
})
export type SendTestEmailResult = typeof SendTestEmailResult.Type

/**
 * A token for the project's webhook management portal, and the portal's URL when the service's webhook
 * provider hosts one (absent when it runs its own webhook server, and on the local backend).
 */
export const SvixToken = Schema.Struct({ token: Schema.String, url: Schema.optionalKey(Schema.String) })
export type SvixToken = typeof SvixToken.Type

/** The body of `POST /internal/send-test-webhook`: the webhook endpoint to send a test event to. */
export const SendTestWebhookRequest = wireStruct({ endpointId: Schema.String })
export type SendTestWebhookRequest = typeof SendTestWebhookRequest.Type

/** The answer of `POST /internal/send-test-webhook`: 200 either way, a failure carries its reason. */
export const SendTestWebhookResult = SendTestEmailResult
export type SendTestWebhookResult = SendTestEmailResult

/**
 * The body of `POST /internal/send-sign-in-invitation` (server and admin): an e-mail inviting `email` to sign
 * in at `callbackUrl`, which must be on the project's trusted domains.
 */
export const SignInInvitationRequest = wireStruct({ email: EmailAddress, callbackUrl: AbsoluteUrl })
export type SignInInvitationRequest = typeof SignInInvitationRequest.Type

/** What a client asks about; any extra keys describe the situation (free JSON). */
export const FeatureSupportRequest = Schema.StructWithRest(
  Schema.Struct({ feature_name: Schema.optionalKey(Schema.String) }),
  [Schema.Record(Schema.String, Schema.Json)]
)
export type FeatureSupportRequest = typeof FeatureSupportRequest.Type
