import type { KnownError } from "./known/registry.js"
import { ANSWER_HEADERS } from "./wire-response.js"

/** An HTTP answer for a known error, as the local backend sends it. @internal */
export interface WireKnownErrorAnswer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string
}

/**
 * A header under its new and its old name: the service sends both on every answer since its rename to Hexclave,
 * whatever names the request used, so old and new clients both read it.
 * @internal
 */
export const bothNames = (names: readonly [string, string], value: string): Record<string, string> => ({
  [names[0]]: value,
  [names[1]]: value
})

/**
 * The wire form of a known error (docs/wire.md, "Answers"): header `x-hexclave-known-error` and its old name
 * `x-stack-known-error`, JSON body `{ code, details?, error }` with `details` only when it has fields. With
 * `overrideStatus` (the request carried `X-Stack-Override-Error-Status: true`) a 4xx becomes 200 plus
 * `x-hexclave-actual-status` and `x-stack-actual-status`.
 * @internal
 */
export const encodeKnownError = (
  error: KnownError,
  opts: { readonly overrideStatus: boolean }
): WireKnownErrorAnswer => {
  const details: object = error.details
  const hasDetails = Object.keys(details).length > 0
  const body = JSON.stringify(
    hasDetails ? { code: error.code, details, error: error.message } : { code: error.code, error: error.message }
  )
  const override = opts.overrideStatus && error.status >= 400 && error.status < 500
  return {
    status: override ? 200 : error.status,
    headers: {
      "content-type": "application/json",
      ...bothNames(ANSWER_HEADERS.knownError, error.code),
      ...(override ? bothNames(ANSWER_HEADERS.actualStatus, String(error.status)) : {})
    },
    body
  }
}
