/**
 * The small admin endpoints: the project's metrics, the test email and the webhook portal token.
 */
import * as Schema from "effect/Schema"
import { SendTestEmailRequest, SendTestEmailResult, SvixToken } from "../domain/admin-actions.js"
import { ProjectMetrics } from "../domain/metrics.js"
import { ADMIN, ADMIN_TOKEN_ERRORS } from "./access.js"
import { endpoint } from "./endpoint.js"

export const MetricsApi = {
  get: endpoint({
    name: "metrics.get",
    summary: "The project's dashboard figures: users per day, by country and by sign-in method, the latest users",
    method: "GET",
    path: "/internal/metrics",
    access: ADMIN,
    success: ProjectMetrics,
    errors: ADMIN_TOKEN_ERRORS
  })
}

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
