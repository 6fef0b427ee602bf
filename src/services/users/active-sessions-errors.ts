/** The known errors each `ActiveSessions` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

export const ActiveSessionsErrors = {
  list: ["CannotGetOwnUserWithoutUser"],
  revoke: ["CannotDeleteCurrentSession", "CannotGetOwnUserWithoutUser"]
} as const satisfies ErrorTable
