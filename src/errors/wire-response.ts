/**
 * The parts of an HTTP answer that say how it went, readable without the known-error catalogue: the
 * real status (`X-Hexclave-Actual-Status`, formerly `X-Stack-Actual-Status`) and whether a known error came
 * with it (`X-Hexclave-Known-Error` / `X-Stack-Known-Error`). Since its rename the service sends each under
 * both names; the new one is read first, so an answer of a service before the rename still reads.
 */

/**
 * The answer headers of the REST API under their two names, the new one first (docs/wire.md, "Answers").
 * @internal
 */
export const ANSWER_HEADERS = {
  actualStatus: ["x-hexclave-actual-status", "x-stack-actual-status"],
  knownError: ["x-hexclave-known-error", "x-stack-known-error"],
  requestId: ["x-hexclave-request-id", "x-stack-request-id"]
} as const

/** The parts of an HTTP answer the decoder needs. Header names are lower-case. (Not marked internal: the declarations of the wire's loader name it; no entry exports it.) */
export interface WireErrorResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/** A fetch answer's headers as the decoder wants them: a plain object with lower-case names. */
export const lowerCaseHeaders = (headers: Headers): Record<string, string> => {
  const out: Record<string, string> = {}
  headers.forEach((value, key) => {
    out[key.toLowerCase()] = value
  })
  return out
}

/** A header of the answer; callers that kept the server's casing are tolerated. */
export const responseHeader = (res: WireErrorResponse, name: string): string | undefined => {
  const exact = res.headers[name]
  if (exact !== undefined) return exact
  const key = Object.keys(res.headers).find((k) => k.toLowerCase() === name)
  return key === undefined ? undefined : res.headers[key]
}

/** The first of a header's two names the answer carries. */
const renamedHeader = (res: WireErrorResponse, names: readonly [string, string]): string | undefined =>
  responseHeader(res, names[0]) ?? responseHeader(res, names[1])

/**
 * The real status of an answer: the server answers 200 to requests carrying
 * `X-Stack-Override-Error-Status` and puts the real one in `X-Hexclave-Actual-Status` (`X-Stack-Actual-Status`).
 * @internal
 */
export const actualStatus = (res: WireErrorResponse): number => {
  const raw = renamedHeader(res, ANSWER_HEADERS.actualStatus)
  if (raw === undefined || raw.trim() === "") return res.status
  const status = Number(raw)
  return Number.isInteger(status) && status >= 100 && status <= 599 ? status : res.status
}

/** The code of the known error the answer says it carries, if any. */
export const knownErrorHeader = (res: WireErrorResponse): string | undefined =>
  renamedHeader(res, ANSWER_HEADERS.knownError)
