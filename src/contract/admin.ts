/**
 * The small admin endpoints: the test email, the webhook portal token and the metrics, plus the public
 * feature-support probe.
 */
import * as Schema from "effect/Schema"
import { SendTestEmailRequest, SendTestEmailResult, SvixToken } from "../domain/admin-actions.js"
import { ADMIN, ADMIN_TOKEN_ERRORS } from "./access.js"
import { endpoint } from "./endpoint.js"

export const TestEmailApi = {
  send: endpoint({
    name: "testEmail.send",
    summary: "Sends a test e-mail through a given SMTP configuration; a failed send is an answer, not an error",
    method: "POST",
    path: "/internal/send-test-email",
    access: ADMIN,
    body: SendTestEmailRequest,
    success: SendTestEmailResult,
    errors: [...ADMIN_TOKEN_ERRORS, "SchemaError"]
  })
}

export const WebhooksApi = {
  svixToken: endpoint({
    name: "webhooks.svixToken",
    summary: "A token for the project's webhook portal",
    method: "POST",
    path: "/webhooks/svix-token",
    access: ADMIN,
    body: Schema.Struct({}),
    success: SvixToken,
    errors: ADMIN_TOKEN_ERRORS
  })
}

export const FeatureSupportApi = {
  check: endpoint({
    name: "featureSupport.check",
    summary: "What the SDK reports when an app uses a feature the service does not offer; answers a sentence",
    method: "POST",
    path: "/check-feature-support",
    access: "public",
    // Free JSON: `feature_name` and whatever describes the situation.
    body: Schema.Unknown,
    success: { raw: "text" },
    errors: []
  })
}
