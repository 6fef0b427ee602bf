/**
 * The known errors each `Webhooks` method documents (see `ErrorTable` in endpoint.ts); like every admin call,
 * each documents the admin-token errors (admin-auth.ts).
 */
import type { ErrorTable } from "../http/endpoint.js"
import { AdminAuthErrorTags } from "./admin-auth.js"

export const WebhooksErrors = {
  svixToken: AdminAuthErrorTags
} as const satisfies ErrorTable
