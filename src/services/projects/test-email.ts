/**
 * Trying an SMTP configuration before saving it (admin tier). A failed send is an answer, not an error:
 * `{ success: false, errorMessage }` says what the mail server did. Its member is declared in the table below.
 */
import { functionCall, implement } from "../http/service-calls.js"
import { TestEmailApi } from "../../contract/admin.js"
import type { SendTestEmailRequest } from "../../domain/admin-actions.js"

/** Sends a test e-mail through a given SMTP configuration (admin). */
export const TestEmailCalls = {
  /** `send({ recipientEmail, emailConfig: { host, port, username, password, senderName, senderEmail } })` */
  send: functionCall(TestEmailApi.send, "admin", (request: SendTestEmailRequest) => ({ body: request }))
}

export const makeTestEmail = implement(TestEmailCalls)
