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

/** The request never got an answer, after every retry the method allows. */
export class NetworkError extends Schema.TaggedError<NetworkError>()("NetworkError", {
  method: Schema.String,
  url: Schema.String,
  causeMessage: Schema.String,
  attempts: Schema.Number,
  diagnostics: Schema.optionalKey(NetworkDiagnostics),
  message: Schema.String
}) {
  constructor(
    props: {
      readonly method: string
      readonly url: string
      readonly causeMessage: string
      readonly attempts: number
      readonly diagnostics?: NetworkDiagnostics
      readonly message?: string
    },
    options?: Schema.MakeOptions
  ) {
    const base = `${props.method} ${props.url} failed after ${props.attempts} attempt(s): ${props.causeMessage}`
    super({
      ...props,
      message: props.message ?? (props.diagnostics === undefined ? base : `${base}. ${props.diagnostics.message}`)
    }, options)
  }
}
