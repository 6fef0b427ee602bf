/** The member of {@link TestEmail}, a call of its declared endpoint (contract/admin.ts). */
import { TestEmailApi } from "../../contract/admin.js"
import type { SendTestEmailRequest } from "../../domain/admin-actions.js"
import { functionCall } from "../http/service-calls.js"

export const TestEmailCalls = {
  /** `send({ recipientEmail, emailConfig: { host, port, username, password, senderName, senderEmail } })` */
  send: functionCall(TestEmailApi.send, "admin", (request: SendTestEmailRequest) => ({ body: request }))
}
