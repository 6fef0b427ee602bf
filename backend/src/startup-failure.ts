/**
 * Why the local backend could not start, as the one line `stackfx dev` prints: what went wrong, in the
 * user's terms (the port, the host, the database), and what to do about it. Never a stack trace: these
 * are situations, not bugs.
 */
import * as Cause from "effect/Cause"
import * as Option from "effect/Option"
import { LocalBackendStartError } from "./options.js"
import type { ServeError } from "effect/http/HttpServerError"
import type { OpenDbError } from "./store/layer.js"
import type { InvalidPublicUrl } from "./config.js"

/** Where the server tried to listen. */
export interface ListenTarget {
  readonly port: number
  readonly host: string
}

const errnoOf = (cause: unknown): { readonly code: string | undefined; readonly message: string } => {
  const fields = typeof cause === "object" && cause !== null ? (cause as Record<string, unknown>) : {}
  return {
    code: typeof fields["code"] === "string" ? fields["code"] : undefined,
    message: cause instanceof Error ? cause.message : String(cause)
  }
}

const listenFailure = (cause: unknown, { host, port }: ListenTarget): string => {
  const { code, message } = errnoOf(cause)
  switch (code) {
    case "EADDRINUSE":
      return `Port ${port} on ${host} is already in use; pick another with --port (--port 0 picks a free one).`
    case "EACCES":
      return `Not allowed to listen on port ${port} on ${host}; pick a port above 1023 with --port.`
    case "EADDRNOTAVAIL":
      return `Cannot listen on host ${host}: it is not an address of this machine; pick one with --host (default 127.0.0.1).`
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
      return `Cannot listen on host ${host}: no such host; pick an address of this machine with --host (default 127.0.0.1).`
    default:
      return `Cannot listen on ${host} port ${port}: ${message}`
  }
}

/** The line for a start-up failure. */
export const explainStartupFailure = (
  error: OpenDbError | ServeError | InvalidPublicUrl,
  target: ListenTarget
): string => {
  switch (error._tag) {
    case "ServeError":
      return listenFailure(error.cause, target)
    case "DbError":
      return `The database could not be opened: ${error.message}`
    case "DatabaseFolderInUse":
    case "DatabaseUnreachable":
    case "UnsupportedDatabase":
    case "InvalidPublicUrl":
      return error.message
  }
}

/** The start-up failure of a layer that did not build, as one line. */
export const startErrorOf = (
  cause: Cause.Cause<OpenDbError | ServeError | InvalidPublicUrl>,
  target: ListenTarget
): LocalBackendStartError =>
  Option.match(Cause.findErrorOption(cause), {
    onSome: (error) => new LocalBackendStartError({ message: explainStartupFailure(error, target), cause: error }),
    onNone: () => {
      // A defect: a bug, not a situation; its first line still says what broke, the cause keeps the rest.
      const defect = Cause.squash(cause)
      const first = (defect instanceof Error ? defect.message : String(defect)).split("\n")[0]
      return new LocalBackendStartError({ message: `The local backend failed to start: ${first}`, cause: defect })
    }
  })
