import * as Data from "effect/Data"
import type { NetworkDiagnostics } from "./network-diagnostics.js"

/** The request never got an answer, after every retry the method allows. */
export class NetworkError extends Data.TaggedError("NetworkError")<{
  readonly method: string
  readonly url: string
  readonly causeMessage: string
  readonly attempts: number
  readonly diagnostics?: NetworkDiagnostics
  readonly message: string
}> {
  constructor(props: {
    readonly method: string
    readonly url: string
    readonly causeMessage: string
    readonly attempts: number
    readonly diagnostics?: NetworkDiagnostics
    readonly message?: string
  }) {
    const base = `${props.method} ${props.url} failed after ${props.attempts} attempt(s): ${props.causeMessage}`
    super({
      ...props,
      message: props.message ?? (props.diagnostics === undefined ? base : `${base}. ${props.diagnostics.message}`)
    })
  }
}
