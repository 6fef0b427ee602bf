/** The known errors each `NotificationPreferences` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

export const NotificationPreferencesErrors = {
  list: ["UserAuthenticationRequired"],
  set: ["UserAuthenticationRequired"]
} as const satisfies ErrorTable
