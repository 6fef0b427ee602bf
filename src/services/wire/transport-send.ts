/**
 * One request sent and its answer read: fetch under the fiber's AbortSignal with the headers of docs/wire.md
 * (transport-request.ts), the answer made sense of in the fetch callback (its real status restored, a known
 * error decoded into its class, a 2xx body parsed and handed to the call's `finish`), and the retries applied
 * where an attempt's outcome arrives (429, the hosting platform's 508 loop guard, network failures:
 * retry.ts). http/transport.ts adds the session around it.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import { isInvalidAccessToken } from "../../errors/categories.js"
import { excerpt } from "../../errors/client/excerpt.js"
import { HttpError } from "../../errors/client/http-error.js"
import type { KnownErrorMismatch } from "../../errors/client/known-error-mismatch.js"
import type { NetworkDiagnostics } from "../../errors/client/network-diagnostics.js"
import { NetworkError } from "../../errors/client/network-error.js"
import { ResponseDecodeError } from "../../errors/client/response-decode-error.js"
import type { UnexpectedKnownError } from "../../errors/client/unexpected-known-error.js"
import { actualStatus, knownErrorHeader, lowerCaseHeaders, type WireErrorResponse } from "../../errors/wire-response.js"
import type { KnownError } from "../../errors/known/registry.js"
import type { LoadLazyParts, WireConfig } from "./lazy-parts.js"
import { LoopDetected, NetworkFailure, parseRetryAfter, RateLimited, retriesOf, type RetrySignal } from "./retry.js"
import type { StoredTokens } from "./tokens.js"
import { inSpan, isTracing } from "./tracing.js"
import {
  AllowedUsers,
  Fetch,
  type FetchFn,
  NonceSource,
  requestBody,
  requestHeaders,
  requestUrl,
  type TransportRequest
} from "./transport-request.js"

/** Failures of the pipeline itself, as opposed to the API's known errors. */
export type TransportError = HttpError | NetworkError | KnownErrorMismatch | ResponseDecodeError

/**
 * Everything a call through the transport can fail with before the caller narrows it; a known-error code
 * the catalogue lacks arrives as `UnexpectedKnownError` with the answer's own code, status and details.
 */
export type RequestError = KnownError | UnexpectedKnownError | TransportError

/** A failure's message, with the socket error Node's fetch hides in `cause`. */
const describeCause = (cause: unknown): string => {
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
const classify = <A, E>(
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
const answerStatus = (response: Response): number =>
  actualStatus({
    status: response.status,
    headers: {
      "x-stack-actual-status":
        response.headers.get("x-hexclave-actual-status") ?? response.headers.get("x-stack-actual-status") ?? ""
    },
    body: ""
  })

/**
 * Network diagnostics (health probes) for a request the retries gave up on. They travel in the same
 * chunk (services/live.ts, through the loader the pipeline is handed: lazy-parts.ts), loaded only then: on the initial path they cost
 * more than they do there. When that chunk cannot load either (likely, the network being down), the error
 * goes without them.
 */
const diagnose = (config: WireConfig): Effect.Effect<NetworkDiagnostics | undefined> =>
  Effect.tryPromise(config.loadLazyParts).pipe(
    Effect.flatMap((chunk) => chunk.runDiagnostics(config)),
    Effect.orElseSucceed(() => undefined)
  )

const networkFailure = (cause: unknown): Effect.Effect<never, NetworkFailure> =>
  Effect.fail(new NetworkFailure({ message: describeCause(cause), cause }))

/** An outcome that needs no recovery: a success already decided. */
const isSuccessExit = (outcome: Effect.Effect<unknown, unknown>): boolean =>
  Exit.isExit(outcome) && Exit.isSuccess(outcome)

/**
 * fetch and the body read as one async step under one AbortSignal: interrupting the fiber aborts the
 * request, and undici (like browsers) also ends a body read when the request's signal aborts. `init` is
 * called once per run (a retry runs the step again, with a fresh nonce). `onAnswer` runs as the body
 * arrives, and a failed outcome goes through `recover` (the retries) at once, so the fiber resumes once,
 * with what the call makes of the answer, and an answer that succeeds passes no error handler.
 */
const fetchAnswer = <A, E, E2>(
  fetch: FetchFn,
  url: string,
  init: () => RequestInit,
  onAnswer: (response: Response, body: string) => Effect.Effect<A, E>,
  recover: (failure: E | NetworkFailure) => Effect.Effect<A, E2>
): Effect.Effect<A, E2> =>
  Effect.callback((resume, signal) => {
    const settle = (outcome: Effect.Effect<A, E | NetworkFailure>) =>
      resume(isSuccessExit(outcome) ? (outcome as Exit.Exit<A>) : Effect.catch(outcome, recover))
    const answered = (response: Response) => (body: string) => {
      try {
        settle(onAnswer(response, body))
      } catch (defect) {
        resume(Effect.die(defect))
      }
    }
    try {
      const request = init()
      request.signal = signal
      fetch(url, request).then(
        (response) => response.text().then(answered(response), (cause) => settle(networkFailure(cause))),
        (cause) => settle(networkFailure(cause))
      )
    } catch (cause) {
      settle(networkFailure(cause))
    }
  })

/**
 * What a call does when the server refuses the access token it sent (after the retries): refresh and send
 * again, or `undefined` to fail with the error.
 */
export type OnRejectedToken<A, E> = (error: RequestError) => Effect.Effect<A, E> | undefined

/**
 * What a failure the retries gave up on becomes: what is left of a retry signal becomes the public error
 * (with `attempts`, the attempts made), a refused access token goes to `onRejectedToken`, the rest stays.
 */
const giveUp = <A, E>(
  e: E | RequestError | RetrySignal,
  config: WireConfig,
  request: TransportRequest,
  url: string,
  attempts: number,
  onRejectedToken: OnRejectedToken<A, E | RequestError> | undefined
): Effect.Effect<A, E | RequestError> => {
  if (e instanceof RateLimited) {
    return Effect.fail(new HttpError({ status: 429, body: e.body, method: request.method, url }))
  }
  if (e instanceof LoopDetected) {
    return Effect.fail(new HttpError({ status: 508, body: e.body, method: request.method, url }))
  }
  if (e instanceof NetworkFailure) {
    return Effect.flatMap(diagnose(config), (diagnostics) =>
      Effect.fail(
        new NetworkError({
          method: request.method,
          url,
          causeMessage: e.message,
          attempts,
          ...(diagnostics === undefined ? {} : { diagnostics })
        })
      )
    )
  }
  return (onRejectedToken !== undefined && isInvalidAccessToken(e) ? onRejectedToken(e) : undefined) ?? Effect.fail(e)
}

/**
 * {@link sendRequestThen} with the fiber's services already at hand, for a caller that runs in a
 * `withFiber` of its own (the transport reads the session's tokens in the same step).
 * @internal
 */
export const startRequest = <A, E>(
  fiber: Fiber.Fiber<unknown, unknown>,
  config: WireConfig,
  request: TransportRequest,
  tokens: StoredTokens | null,
  finish: Finish<A, E>,
  onRejectedToken?: OnRejectedToken<A, E | RequestError>
): Effect.Effect<A, E | RequestError> => {
  const fetch = fiber.getRef(Fetch)
  const nextNonce = fiber.getRef(NonceSource)
  const allowed = fiber.getRef(AllowedUsers)
  const url = requestUrl(config.baseUrl, request)
  const body = requestBody(request)
  let attempts = 0
  const init = (): RequestInit => {
    attempts++
    const made: RequestInit = {
      method: request.method,
      headers: requestHeaders(config, request, nextNonce(), tokens, allowed),
      credentials: "omit",
      cache: "no-store"
    }
    if (body !== undefined) made.body = body
    return made
  }
  const answer = (response: Response, text: string) =>
    classify(config.loadLazyParts, response, text, request, url, finish)
  // The retry policy's state is made on the first failure: a call answered at once never needs it.
  let retries: ((failure: E | RequestError | RetrySignal) => Effect.Effect<A, E | RequestError>) | undefined
  const recover = (failure: E | RequestError | RetrySignal): Effect.Effect<A, E | RequestError> =>
    (retries ??= retriesOf(
      request.method,
      () => attempt,
      (e: E | RequestError | RetrySignal) => giveUp(e, config, request, url, attempts, onRejectedToken)
    ))(failure)
  // Untraced (the usual case), an attempt is one step and its outcome is recovered where it arrives;
  // traced, each attempt is its own client span (a retry's with `http.request.resend_count`), recovered
  // after its span has ended.
  const attempt: Effect.Effect<A, E | RequestError> = isTracing(fiber)
    ? Effect.catch(
        Effect.suspend(() =>
          inSpan(
            config.loadLazyParts,
            (spans) => spans.attemptSpan(config.baseUrl, request.method, request.path, attempts),
            (span) =>
              fetchAnswer(
                fetch,
                url,
                init,
                (response, text) => {
                  span?.attribute("http.response.status_code", answerStatus(response))
                  return answer(response, text)
                },
                Effect.fail
              )
          )
        ),
        recover
      )
    : fetchAnswer(fetch, url, init, answer, recover)
  return attempt
}

/**
 * Sends one request with the given tokens: the headers of docs/wire.md with a fresh nonce per attempt, no
 * credentials, no caching, then status restore, known-error decoding and the retry schedules.
 * Succeeds with `finish` of the 2xx body parsed as JSON (`null` when empty), or of its text when the
 * request asks for it. A failure of `finish` is the call's, never retried.
 */
export const sendRequestThen = <A, E>(
  config: WireConfig,
  request: TransportRequest,
  tokens: StoredTokens | null,
  finish: Finish<A, E>,
  onRejectedToken?: OnRejectedToken<A, E | RequestError>
): Effect.Effect<A, E | RequestError> =>
  Effect.withFiber((fiber) => startRequest(fiber, config, request, tokens, finish, onRejectedToken))

/** The finish that answers the body itself. @internal */
export const succeedBody: Finish<unknown, never> = (body) => Effect.succeed(body)

/** {@link sendRequestThen} answering the body itself. */
export const sendRequest = (
  config: WireConfig,
  request: TransportRequest,
  tokens: StoredTokens | null
): Effect.Effect<unknown, RequestError> => sendRequestThen(config, request, tokens, succeedBody)
