/**
 * The small admin endpoints: the project's metrics, the test email, the webhook portal token and test event,
 * and the sign-in invitation e-mail (server too).
 */
import * as Schema from "effect/Schema"
import {
  SendTestEmailRequest,
  SendTestEmailResult,
  SendTestWebhookRequest,
  SendTestWebhookResult,
  SignInInvitationRequest,
  SvixToken
} from "../domain/admin-actions.js"
import { MetricsQuery, ProjectMetrics } from "../domain/metrics.js"
import { SuccessResponse } from "../domain/success.js"
import { ADMIN, ADMIN_TOKEN_ERRORS, SERVER } from "./access.js"
import { endpoint } from "./declaration.js"

export const MetricsApi = {
  get: endpoint({
    name: "metrics.get",
    summary: "The project's dashboard figures: users per day, by country and by sign-in method, the latest users",
    method: "GET",
    path: "/internal/metrics",
    access: ADMIN,
    query: MetricsQuery,
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
  }),
  sendTest: endpoint({
    name: "webhooks.sendTest",
    summary:
      "Sends a test event to one of the project's webhook endpoints; a failed delivery is an answer, not an error",
    method: "POST",
    path: "/internal/send-test-webhook",
    access: ADMIN,
    body: SendTestWebhookRequest,
    success: SendTestWebhookResult,
    errors: [...ADMIN_TOKEN_ERRORS, "SchemaError"]
  })
}

export const SignInInvitationsApi = {
  send: endpoint({
    name: "signInInvitations.send",
    summary: "E-mails an invitation to sign in at a trusted callback URL",
    method: "POST",
    path: "/internal/send-sign-in-invitation",
    access: SERVER,
    body: SignInInvitationRequest,
    success: SuccessResponse,
    errors: [...ADMIN_TOKEN_ERRORS, "SchemaError", "RedirectUrlNotWhitelisted"]
  })
}
