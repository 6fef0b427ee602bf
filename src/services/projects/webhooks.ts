/** The webhook management portal token (admin tier). Its member is declared in the table below. */
import { effectCall, functionCall, implement } from "../http/service-calls.js"
import { WebhooksApi } from "../../contract/admin.js"

/** The project's webhooks (admin): a token for its webhook portal, a test event to an endpoint. */
export const WebhooksCalls = {
  /** A token for the project's webhook portal (Svix on the hosted service, a stable per-project token locally). */
  svixToken: effectCall(WebhooksApi.svixToken, "admin", {
    input: () => ({ body: {} }),
    output: (answer) => answer.token
  }),
  /**
   * The portal's token and, when the service's webhook provider hosts the portal, its `url` (absent when the
   * service runs its own webhook server, and on the local backend).
   */
  portal: effectCall(WebhooksApi.svixToken, "admin", { input: () => ({ body: {} }) }),
  /**
   * Sends a test event to one of the project's webhook endpoints; a delivery that failed answers
   * `{ success: false, errorMessage }` (the local backend delivers no webhooks: every endpoint is unknown).
   */
  sendTest: functionCall(WebhooksApi.sendTest, "admin", (endpointId: string) => ({ body: { endpointId } }))
}

export const makeWebhooks = implement(WebhooksCalls)
