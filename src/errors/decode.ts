import * as Result from "effect/Result"
import { KnownErrorMismatch } from "./client/known-error-mismatch.js"
import { UnsupportedError } from "./known/misc.js"
import { type KnownError, knownErrorClassForCode } from "./known/registry.js"

/** The parts of an HTTP answer the decoder needs. Header names are lower-case. */
export interface WireErrorResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

const header = (res: WireErrorResponse, name: string): string | undefined => {
  const exact = res.headers[name]
  if (exact !== undefined) return exact
  // Tolerate callers that kept the server's casing; the contract asks for lower case.
  const key = Object.keys(res.headers).find((k) => k.toLowerCase() === name)
  return key === undefined ? undefined : res.headers[key]
}

/**
 * The real status of an answer: the server answers 200 to requests carrying
 * `X-Stack-Override-Error-Status` and puts the real one in `X-Stack-Actual-Status`.
 */
export const actualStatus = (res: WireErrorResponse): number => {
  const raw = header(res, "x-stack-actual-status")
  if (raw === undefined || raw.trim() === "") return res.status
  const status = Number(raw)
  return Number.isInteger(status) && status >= 100 && status <= 599 ? status : res.status
}

const parseJson = (text: string): Result.Result<unknown, string> => {
  try {
    return Result.succeed(JSON.parse(text))
  } catch (e) {
    return Result.fail(e instanceof Error ? e.message : String(e))
  }
}

const field = (body: unknown, key: string): unknown =>
  typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[key] : undefined

/**
 * The known error an answer carries, or undefined when it carries none (no `X-Stack-Known-Error`).
 *
 * - body `code` different from the header, a body that is not JSON, one without `code`, or details
 *   that do not fit the catalogue: `KnownErrorMismatch` (an internal error, never the named error);
 * - a code this client does not know: `UnsupportedError` with `details.originalErrorCode`;
 * - the message is the body's `error` field (the catalogue message when it is missing).
 */
export const decodeKnownError = (res: WireErrorResponse): KnownError | KnownErrorMismatch | undefined => {
  const headerCode = header(res, "x-stack-known-error")
  if (headerCode === undefined) return undefined
  const status = actualStatus(res)
  const mismatch = (reason: KnownErrorMismatch["reason"], bodyCode: string | null, message: string) =>
    new KnownErrorMismatch({ status, headerCode, bodyCode, reason, message })

  const parsed = parseJson(res.body)
  if (Result.isFailure(parsed)) {
    return mismatch("body-not-json", null, `Known error ${headerCode} came with a body that is not JSON: ${parsed.failure}`)
  }
  const body = parsed.success
  const bodyCode = field(body, "code")
  if (typeof bodyCode !== "string") {
    return mismatch("missing-code", null, `Known error ${headerCode} came with a body that has no code.`)
  }
  if (bodyCode !== headerCode) {
    return mismatch(
      "code-mismatch",
      bodyCode,
      `The X-Stack-Known-Error header says ${headerCode} but the body code is ${bodyCode}.`
    )
  }
  const wireMessage = field(body, "error")
  const message = typeof wireMessage === "string" ? wireMessage : undefined
  const cls = knownErrorClassForCode(bodyCode)
  if (cls === undefined) {
    return new UnsupportedError({
      details: { originalErrorCode: bodyCode },
      ...(message === undefined ? {} : { message })
    })
  }
  const decoded = cls.fromWire(field(body, "details"), message)
  if (Result.isFailure(decoded)) {
    return mismatch("invalid-details", bodyCode, `Known error ${bodyCode} has invalid details: ${decoded.failure.message}`)
  }
  return decoded.success
}
