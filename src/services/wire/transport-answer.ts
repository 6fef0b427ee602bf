/**
 * What an answer means: its real status restored, a known error decoded into its class, a 2xx body parsed
 * and handed to the call's `finish`, and the failures the retry policy acts on (429, the hosting platform's
 * 508 loop guard). transport-send.ts sends the request and applies the retries.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { HttpError } from "../../errors/client/http-error.js"
import type { KnownErrorMismatch } from "../../errors/client/known-error-mismatch.js"
import type { UnexpectedKnownError } from "../../errors/client/unexpected-known-error.js"
import type { NetworkError } from "../../errors/client/network-error.js"
import { ResponseDecodeError } from "../../errors/client/response-decode-error.js"
import { excerpt } from "../../errors/client/excerpt.js"
import { actualStatus, knownErrorHeader, lowerCaseHeaders, type WireErrorResponse } from "../../errors/wire-response.js"
import type { KnownError } from "../../errors/known/registry.js"
import type { LoadLazyParts } from "./lazy-parts.js"
import { LoopDetected, parseRetryAfter, RateLimited } from "./retry.js"
import type { TransportRequest } from "./transport-request.js"

/** Failures of the pipeline itself, as opposed to the API's known errors. */
export type TransportError = HttpError | NetworkError | KnownErrorMismatch | ResponseDecodeError

/**
 * Everything a call through the transport can fail with before the caller narrows it; a known-error code
 * the catalogue lacks arrives as `UnexpectedKnownError` with the answer's own code, status and details.
 */
export type RequestError = KnownError | UnexpectedKnownError | TransportError

/** A failure's message, with the socket error Node's fetch hides in `cause`. @internal */
export const describeCause = (cause: unknown): string => {
  if (!(cause instanceof Error)) return String(cause)
  // Node's fetch hides the socket error in `cause`; it is the useful part ("other side closed").
  const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : ""
  return `${cause.message}${inner}`
}

/**
 * The known error an answer carries. The catalogue (98 classes with their schemas) is loaded the first
 * time an answer carries one, so a program that never meets an error never ships it; it travels with the
 * service implementations (services/live.ts, loaded through the loader the pipeline is handed, lazy-parts.ts), whose one chunk
 * costs the initial load less than a chunk of its own. Should that chunk fail to load, the answer is still
 * reported with its status and body.
 */
const knownError = (
  loadLazyParts: LoadLazyParts,
  wire: WireErrorResponse,
  code: string,
  request: TransportRequest,
  url: string
): Effect.Effect<never, RequestError> =>
  Effect.tryPromise({
    try: loadLazyParts,
    catch: () => new HttpError({ status: actualStatus(wire), body: wire.body, method: request.method, url })
  }).pipe(Effect.flatMap((chunk) => Effect.fail(chunk.decodeKnownErrorWithCode(wire, code))))

/** A 2xx body as the request asked for it (parsed JSON, `null` when empty, or the text itself), finished. */
const finishBody = <A, E>(
  request: TransportRequest,
  body: string,
  finish: Finish<A, E>
): Effect.Effect<A, E | ResponseDecodeError> => {
  if (request.response === "text") return finish(body)
  if (body.trim() === "") return finish(null)
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch (cause) {
    return Effect.fail(
      new ResponseDecodeError({
        message: `The response is not JSON: ${describeCause(cause)}`,
        bodyExcerpt: excerpt(body)
      })
    )
  }
  return finish(json)
}

/** What a call makes of a 2xx body (parsed JSON, or the text itself): its answer. */
export type Finish<A, E> = (body: unknown) => Effect.Effect<A, E>

/**
 * What one attempt saw: the call's answer (`finish` of the 2xx body, as JSON or text, see
 * `TransportRequest.response`), or a failure the retry policies may act on. The usual answer, a 2xx without
 * the known-error or actual-status header, is read without copying the headers, and with a `finish` that
 * decides at once (an Exit) the whole answer is one value for the fiber to resume with.
 */
export const classify = <A, E>(
  loadLazyParts: LoadLazyParts,
  response: Response,
  body: string,
  request: TransportRequest,
  url: string,
  finish: Finish<A, E>
): Effect.Effect<A, E | RequestError | RateLimited | LoopDetected> => {
  const headers = response.headers
  if (
    response.status >= 200 &&
    response.status < 300 &&
    !headers.has("x-hexclave-known-error") &&
    !headers.has("x-stack-known-error") &&
    !headers.has("x-hexclave-actual-status") &&
    !headers.has("x-stack-actual-status")
  ) {
    return finishBody(request, body, finish)
  }
  const wire: WireErrorResponse = { status: response.status, headers: lowerCaseHeaders(headers), body }
  const code = knownErrorHeader(wire)
  if (code !== undefined) return knownError(loadLazyParts, wire, code, request, url)
  const status = actualStatus(wire)
  if (status >= 200 && status < 300) return finishBody(request, body, finish)
  if (status === 429) {
    return Effect.flatMap(Clock.currentTimeMillis, (nowMs) =>
      Effect.fail(new RateLimited({ retryAfterMs: parseRetryAfter(wire.headers["retry-after"], nowMs), body }))
    )
  }
  if (status === 508 && body.includes("INFINITE_LOOP_DETECTED")) {
    return Effect.fail(new LoopDetected({ body }))
  }
  return Effect.fail(new HttpError({ status, body, method: request.method, url }))
}

/** The answer's real status: `X-Hexclave-Actual-Status` (or `X-Stack-Actual-Status`) when the server moved it there. */
export const answerStatus = (response: Response): number =>
  actualStatus({
    status: response.status,
    headers: {
      "x-stack-actual-status":
        response.headers.get("x-hexclave-actual-status") ?? response.headers.get("x-stack-actual-status") ?? ""
    },
    body: ""
  })
