/** The known errors each `ServerSessions` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

export const ServerSessionsErrors = {
  create: ["UserIdDoesNotExist", "CannotGetOwnUserWithoutUser"],
  list: ["CannotGetOwnUserWithoutUser"],
  delete: ["CannotDeleteCurrentSession", "CannotGetOwnUserWithoutUser"]
} as const satisfies ErrorTable
