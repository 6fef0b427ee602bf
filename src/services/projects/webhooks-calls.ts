/** The member of {@link Webhooks}, a call of its declared endpoint (contract/admin.ts). */
import { WebhooksApi } from "../../contract/admin.js"
import { effectCall } from "../http/service-calls.js"

export const WebhooksCalls = {
  /** A token for the project's webhook portal (Svix on the hosted service, a stable per-project token locally). */
  svixToken: effectCall(WebhooksApi.svixToken, "admin", {
    input: () => ({ body: {} }),
    output: (answer) => answer.token
  })
}
