/**
 * The network diagnostics a NetworkError may carry (health probes run after the retries gave up), as schemas
 * for whoever records or sends them on. The error itself names only their type, so that the client's first
 * load carries no schema.
 */
import * as Schema from "effect/Schema"

/** One probe run after a network failure (a public trace endpoint, the API's /health, ...). */
export const NetworkCheck = Schema.Struct({
  url: Schema.String,
  ok: Schema.Boolean,
  status: Schema.optionalKey(Schema.Number)
})

/** What the probes found: whether the machine looks offline, and a human summary. */
export const NetworkDiagnostics = Schema.Struct({
  offline: Schema.Boolean,
  message: Schema.String,
  checks: Schema.Array(NetworkCheck)
})
export type NetworkDiagnostics = typeof NetworkDiagnostics.Type
