/** The known errors each `CliLogin` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

export const CliLoginErrors = {
  start: [],
  poll: ["InvalidPollingCode"],
  waitFor: ["InvalidPollingCode"],
  login: ["InvalidPollingCode"],
  complete: []
} as const satisfies ErrorTable
