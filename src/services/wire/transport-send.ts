/**
 * Sending one request: fetch under the fiber's AbortSignal with the headers of docs/wire.md, the answer read
 * and made sense of (transport-answer.ts) in the fetch callback, and the retries applied where an
 * attempt's outcome arrives. transport.ts adds the session around it.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import { isInvalidAccessToken } from "../../errors/categories.js"
import { HttpError } from "../../errors/client/http-error.js"
import type { NetworkDiagnostics } from "../../errors/client/network-diagnostics.js"
import { NetworkError } from "../../errors/client/network-error.js"
import { AllowedUsers } from "./allowed-users.js"
import type { WireConfig } from "./lazy-parts.js"
import { LoopDetected, NetworkFailure, RateLimited, retriesOf, type RetrySignal } from "./retry.js"
import { answerStatus, classify, describeCause, type Finish, type RequestError } from "./transport-answer.js"
import type { StoredTokens } from "./tokens.js"
import { Fetch, type FetchFn, NonceSource } from "./transport-fetch.js"
import { requestBody, requestHeaders, requestUrl, type TransportRequest } from "./transport-request.js"
import { isTracing } from "./tracing.js"
import { attemptSpan, spanned } from "./tracing-spans.js"

export type { Finish, RequestError, TransportError } from "./transport-answer.js"

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
          spanned(attemptSpan(config.baseUrl, request.method, request.path, attempts), (span) =>
            fetchAnswer(
              fetch,
              url,
              init,
              (response, text) => {
                span.attribute("http.response.status_code", answerStatus(response))
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
