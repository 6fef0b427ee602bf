import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Tracer from "effect/Tracer"
import { HttpError } from "../../errors/client/http-error.js"
import type { KnownErrorMismatch } from "../../errors/client/known-error-mismatch.js"
import type { NetworkDiagnostics } from "../../errors/client/network-diagnostics.js"
import { NetworkError } from "../../errors/client/network-error.js"
import { ResponseDecodeError } from "../../errors/client/response-decode-error.js"
import { excerpt } from "../../errors/client/excerpt.js"
import { actualStatus, knownErrorHeader, lowerCaseHeaders, type WireErrorResponse } from "../../errors/wire-response.js"
import type { KnownError } from "../../errors/known/registry.js"
import type { ClientConfigShape } from "./client-config.js"
import { LoopDetected, NetworkFailure, parseRetryAfter, RateLimited, withRetries } from "./retry.js"
import type { StoredTokens } from "../session/token-store.js"
import { Fetch, type FetchFn, NonceSource } from "./transport-fetch.js"
import { requestBody, requestHeaders, requestUrl, type TransportRequest } from "./transport-request.js"
import { inSpan } from "./tracing.js"
import { attemptSpan } from "./tracing-spans.js"

/** Failures of the pipeline itself, as opposed to the API's known errors. */
export type TransportError = HttpError | NetworkError | KnownErrorMismatch | ResponseDecodeError

/** Everything a call through the transport can fail with before the caller narrows it. */
export type RequestError = KnownError | TransportError

const describeCause = (cause: unknown): string => {
  if (!(cause instanceof Error)) return String(cause)
  // Node's fetch hides the socket error in `cause`; it is the useful part ("other side closed").
  const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : ""
  return `${cause.message}${inner}`
}

/**
 * The known error an answer carries. The catalogue (98 classes with their schemas) is loaded the first
 * time an answer carries one, so a program that never meets an error never ships it; it travels with the
 * service implementations (services/live.ts), whose one chunk costs the initial load less than a chunk of
 * its own. Should that chunk fail to load, the answer is still reported with its status and body.
 */
const knownError = (
  wire: WireErrorResponse,
  code: string,
  request: TransportRequest,
  url: string
): Effect.Effect<never, RequestError> =>
  Effect.tryPromise({
    try: () => import("../live.js"),
    catch: () => new HttpError({ status: actualStatus(wire), body: wire.body, method: request.method, url })
  }).pipe(Effect.flatMap((onFirstUse) => Effect.fail(onFirstUse.decodeKnownErrorWithCode(wire, code))))

/**
 * Network diagnostics (health probes) for a request the retries gave up on. They travel in the same
 * chunk (services/live.ts), loaded only then: on the initial path they cost more than they do there. When
 * that chunk cannot load either (likely, the network being down), the error goes without them.
 */
const diagnose = (config: ClientConfigShape): Effect.Effect<NetworkDiagnostics | undefined> =>
  Effect.tryPromise(() => import("../live.js")).pipe(
    Effect.flatMap((onFirstUse) => onFirstUse.runDiagnostics(config)),
    Effect.orElseSucceed(() => undefined)
  )

/** A 2xx body as the request asked for it: parsed JSON (`null` when empty), or the text itself. */
const parseBody = (request: TransportRequest, body: string): Effect.Effect<unknown, ResponseDecodeError> => {
  if (request.response === "text") return Effect.succeed(body)
  if (body.trim() === "") return Effect.succeed(null)
  try {
    return Effect.succeed(JSON.parse(body))
  } catch (cause) {
    return Effect.fail(
      new ResponseDecodeError({ message: `The response is not JSON: ${describeCause(cause)}`, bodyExcerpt: excerpt(body) })
    )
  }
}

/**
 * What one attempt saw: the body as JSON (or text, see `TransportRequest.response`), or a failure the retry
 * policies may act on. The usual answer, a 2xx without the known-error or actual-status header, is read
 * without copying the headers.
 */
const classify = (
  response: Response,
  body: string,
  request: TransportRequest,
  url: string
): Effect.Effect<unknown, RequestError | RateLimited | LoopDetected> => {
  const headers = response.headers
  if (
    response.status >= 200 && response.status < 300 &&
    !headers.has("x-stack-known-error") && !headers.has("x-stack-actual-status")
  ) {
    return parseBody(request, body)
  }
  const wire: WireErrorResponse = { status: response.status, headers: lowerCaseHeaders(headers), body }
  const code = knownErrorHeader(wire)
  if (code !== undefined) return knownError(wire, code, request, url)
  const status = actualStatus(wire)
  if (status >= 200 && status < 300) return parseBody(request, body)
  if (status === 429) {
    return Effect.flatMap(Clock.currentTimeMillis, (nowMs) =>
      Effect.fail(new RateLimited({ retryAfterMs: parseRetryAfter(wire.headers["retry-after"], nowMs), body })))
  }
  if (status === 508 && body.includes("INFINITE_LOOP_DETECTED")) {
    return Effect.fail(new LoopDetected({ body }))
  }
  return Effect.fail(new HttpError({ status, body, method: request.method, url }))
}

/** The answer's real status: `X-Stack-Actual-Status` when the server moved it there. */
const answerStatus = (response: Response): number =>
  actualStatus({ status: response.status, headers: { "x-stack-actual-status": response.headers.get("x-stack-actual-status") ?? "" }, body: "" })

interface Answer {
  readonly response: Response
  readonly body: string
}

const networkFailure = (cause: unknown): Effect.Effect<never, NetworkFailure> =>
  Effect.fail(new NetworkFailure({ message: describeCause(cause), cause }))

/**
 * fetch and the body read as one async step under one AbortSignal: interrupting the fiber aborts the
 * request, and undici (like browsers) also ends a body read when the request's signal aborts. `init`
 * gets the signal; it is built per attempt.
 */
const fetchAnswer = (fetch: FetchFn, url: string, init: RequestInit): Effect.Effect<Answer, NetworkFailure> =>
  Effect.callback((resume, signal) => {
    init.signal = signal
    try {
      fetch(url, init).then(
        (response) =>
          response.text().then(
            (body) => resume(Effect.succeed({ response, body })),
            (cause) => resume(networkFailure(cause))
          ),
        (cause) => resume(networkFailure(cause))
      )
    } catch (cause) {
      resume(networkFailure(cause))
    }
  })

/**
 * Sends one request with the given tokens: the headers of docs/wire.md with a fresh nonce per attempt, no
 * credentials, no caching, then status restore, known-error decoding and the retry schedules.
 * Succeeds with the 2xx body parsed as JSON (`null` when empty), or its text when the request asks for it.
 */
export const sendRequest = (
  config: ClientConfigShape,
  request: TransportRequest,
  tokens: StoredTokens | null
): Effect.Effect<unknown, RequestError> =>
  Effect.withFiber((fiber) => {
    const fetch = fiber.getRef(Fetch)
    const nextNonce = fiber.getRef(NonceSource)
    const url = requestUrl(config.baseUrl, request)
    const body = requestBody(request)
    let attempts = 0
    const attempt = Effect.suspend(() => {
      attempts++
      const init: RequestInit = {
        method: request.method,
        headers: requestHeaders(config, request, nextNonce(), tokens),
        credentials: "omit",
        cache: "no-store"
      }
      if (body !== undefined) init.body = body
      const send = (span: Tracer.Span | undefined) =>
        Effect.flatMap(fetchAnswer(fetch, url, init), (answer) => {
          span?.attribute("http.response.status_code", answerStatus(answer.response))
          return classify(answer.response, answer.body, request, url)
        })
      // Each attempt is its own client span; a retry's carries `http.request.resend_count`.
      const resendCount = attempts - 1
      return inSpan(() => attemptSpan(config.baseUrl, request.method, request.path, resendCount), send)
    })
    // What is left of a retry signal when the retries give up becomes the public error.
    return Effect.catch(withRetries(request.method)(attempt), (e): Effect.Effect<never, RequestError> => {
      switch (e._tag) {
        case "RateLimited":
          return Effect.fail(new HttpError({ status: 429, body: e.body, method: request.method, url }))
        case "LoopDetected":
          return Effect.fail(new HttpError({ status: 508, body: e.body, method: request.method, url }))
        case "NetworkFailure":
          return Effect.flatMap(diagnose(config), (diagnostics) =>
            Effect.fail(
              new NetworkError({
                method: request.method,
                url,
                causeMessage: e.message,
                attempts,
                ...(diagnostics === undefined ? {} : { diagnostics })
              })
            ))
        default:
          return Effect.fail(e)
      }
    })
  })
