/** The implementation of {@link Webhooks}, loaded on first use (see lazy-service.ts): a declared call (webhooks-calls.ts). */
import { implement } from "../http/service-calls.js"
import { WebhooksCalls } from "./webhooks-calls.js"

export const makeWebhooks = implement(WebhooksCalls)
