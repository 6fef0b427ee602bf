import * as Result from "effect/Result"
import { KnownErrorMismatch } from "./client/known-error-mismatch.js"
import { UnexpectedKnownError } from "./client/unexpected-known-error.js"
import { type KnownError, knownErrorClassForCode } from "./known/registry.js"
import { actualStatus, knownErrorHeader, type WireErrorResponse } from "./wire-response.js"

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
 * - a code this client does not know (the hosted service adds codes over time): `UnexpectedKnownError` with
 *   the answer's own code, real status (`X-Stack-Actual-Status`), details and message, the error every call
 *   already lists for known errors it does not document, so a program can match on it without an update;
 * - the message is the body's `error` field (the catalogue message when it is missing).
 * @internal
 */
export const decodeKnownError = (
  res: WireErrorResponse
): KnownError | UnexpectedKnownError | KnownErrorMismatch | undefined => {
  const headerCode = knownErrorHeader(res)
  return headerCode === undefined ? undefined : decodeKnownErrorWithCode(res, headerCode)
}

/** {@link decodeKnownError} for an answer whose `X-Stack-Known-Error` header is `headerCode`. @internal */
export const decodeKnownErrorWithCode = (
  res: WireErrorResponse,
  headerCode: string
): KnownError | UnexpectedKnownError | KnownErrorMismatch => {
  const status = actualStatus(res)
  const mismatch = (reason: KnownErrorMismatch["reason"], bodyCode: string | null, message: string) =>
    new KnownErrorMismatch({ status, headerCode, bodyCode, reason, message })

  const parsed = parseJson(res.body)
  if (Result.isFailure(parsed)) {
    return mismatch(
      "body-not-json",
      null,
      `Known error ${headerCode} came with a body that is not JSON: ${parsed.failure}`
    )
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
    return new UnexpectedKnownError({
      code: bodyCode,
      status,
      details: field(body, "details"),
      message: message ?? `The server answered with the known error ${bodyCode}, which this client does not know.`
    })
  }
  const decoded = cls.fromWire(field(body, "details"), message)
  if (Result.isFailure(decoded)) {
    return mismatch(
      "invalid-details",
      bodyCode,
      `Known error ${bodyCode} has invalid details: ${decoded.failure.message}`
    )
  }
  return decoded.success
}
