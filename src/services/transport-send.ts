import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { HttpError } from "../errors/client/http-error.js"
import type { KnownErrorMismatch } from "../errors/client/known-error-mismatch.js"
import { NetworkError } from "../errors/client/network-error.js"
import { ResponseDecodeError } from "../errors/client/response-decode-error.js"
import { excerpt } from "../errors/client/excerpt.js"
import { actualStatus, knownErrorHeader, type WireErrorResponse } from "../errors/wire-response.js"
import type { KnownError } from "../errors/known/registry.js"
import type { ClientConfigShape } from "./client-config.js"
import { runDiagnostics } from "./diagnostics.js"
import { LoopDetected, NetworkFailure, parseRetryAfter, RateLimited, withRetries } from "./retry.js"
import type { StoredTokens } from "./token-store.js"
import { Fetch, NonceSource } from "./transport-fetch.js"
import { requestBody, requestHeaders, requestUrl, type TransportRequest } from "./transport-request.js"

/** Failures of the pipeline itself, as opposed to the API's known errors. */
export type TransportError = HttpError | NetworkError | KnownErrorMismatch | ResponseDecodeError

/** Everything a call through the transport can fail with before the caller narrows it. */
export type RequestError = KnownError | TransportError

const readHeaders = (headers: Headers): Record<string, string> => {
  const out: Record<string, string> = {}
  headers.forEach((value, key) => {
    out[key.toLowerCase()] = value
  })
  return out
}

const describeCause = (cause: unknown): string => {
  if (!(cause instanceof Error)) return String(cause)
  // Node's fetch hides the socket error in `cause`; it is the useful part ("other side closed").
  const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : ""
  return `${cause.message}${inner}`
}

/**
 * The known error an answer carries. The catalogue (98 classes with their schemas) is loaded the first
 * time an answer carries one, so a program that never meets an error never ships it. Should that chunk
 * fail to load, the answer is still reported with its status and body.
 */
const knownError = (
  wire: WireErrorResponse,
  code: string,
  request: TransportRequest,
  url: string
): Effect.Effect<never, RequestError> =>
  Effect.tryPromise({
    try: () => import("../errors/decode.js"),
    catch: () => new HttpError({ status: actualStatus(wire), body: wire.body, method: request.method, url })
  }).pipe(Effect.flatMap((catalogue) => Effect.fail(catalogue.decodeKnownErrorWithCode(wire, code))))

const parseBody = (body: string): Effect.Effect<unknown, ResponseDecodeError> => {
  if (body.trim() === "") return Effect.succeed(null)
  return Effect.try({
    try: (): unknown => JSON.parse(body),
    catch: (cause) =>
      new ResponseDecodeError({ message: `The response is not JSON: ${describeCause(cause)}`, bodyExcerpt: excerpt(body) })
  })
}

/** What one attempt saw: the body as JSON, or a failure the retry policies may act on. */
const classify = (
  wire: WireErrorResponse,
  request: TransportRequest,
  url: string,
  nowMs: number
): Effect.Effect<unknown, RequestError | RateLimited | LoopDetected> => {
  const code = knownErrorHeader(wire)
  if (code !== undefined) return knownError(wire, code, request, url)
  const status = actualStatus(wire)
  if (status >= 200 && status < 300) return parseBody(wire.body)
  if (status === 429) {
    return Effect.fail(new RateLimited({ retryAfterMs: parseRetryAfter(wire.headers["retry-after"], nowMs), body: wire.body }))
  }
  if (status === 508 && wire.body.includes("INFINITE_LOOP_DETECTED")) {
    return Effect.fail(new LoopDetected({ body: wire.body }))
  }
  return Effect.fail(new HttpError({ status, body: wire.body, method: request.method, url }))
}

/**
 * Sends one request with the given tokens: WIRE.md headers with a fresh nonce per attempt, no
 * credentials, no caching, then status restore, known-error decoding and the retry schedules.
 * Succeeds with the 2xx body parsed as JSON (`null` when empty).
 */
export const sendRequest = (
  config: ClientConfigShape,
  request: TransportRequest,
  tokens: StoredTokens | null
): Effect.Effect<unknown, RequestError> =>
  Effect.gen(function*() {
    const fetch = yield* Fetch
    const nextNonce = yield* NonceSource
    const url = requestUrl(config.baseUrl, request)
    const body = requestBody(request)
    const attempts = yield* Ref.make(0)
    const attempt = Effect.gen(function*() {
      yield* Ref.update(attempts, (n) => n + 1)
      const init: RequestInit = {
        method: request.method,
        headers: requestHeaders(config, request, nextNonce(), tokens),
        credentials: "omit",
        cache: "no-store",
        ...(body === undefined ? {} : { body })
      }
      const failure = (cause: unknown) => new NetworkFailure({ message: describeCause(cause), cause })
      const response = yield* Effect.tryPromise({ try: (signal) => fetch(url, { ...init, signal }), catch: failure })
      const text = yield* Effect.tryPromise({ try: () => response.text(), catch: failure })
      const nowMs = yield* Clock.currentTimeMillis
      return yield* classify({ status: response.status, headers: readHeaders(response.headers), body: text }, request, url, nowMs)
    })
    return yield* withRetries(request.method)(attempt).pipe(
      Effect.catchTags({
        RateLimited: (e) => Effect.fail(new HttpError({ status: 429, body: e.body, method: request.method, url })),
        LoopDetected: (e) => Effect.fail(new HttpError({ status: 508, body: e.body, method: request.method, url })),
        NetworkFailure: (e) =>
          Effect.gen(function*() {
            const diagnostics = yield* runDiagnostics(config)
            return yield* Effect.fail(
              new NetworkError({
                method: request.method,
                url,
                causeMessage: e.message,
                attempts: yield* Ref.get(attempts),
                diagnostics
              })
            )
          })
      })
    )
  })

/**
 * Decodes a success body into a domain value: `transport.request(req).pipe(Effect.flatMap(decodeJson(ClientUser)))`.
 * A body of the wrong shape is a `ResponseDecodeError`, never a defect.
 */
export const decodeJson = <S extends Schema.Decoder<unknown, never>>(schema: S) => {
  const decode = Schema.decodeUnknownEffect(schema)
  return (body: unknown): Effect.Effect<S["Type"], ResponseDecodeError> =>
    decode(body).pipe(
      Effect.mapError((error) =>
        new ResponseDecodeError({ message: error.message, bodyExcerpt: excerpt(safeStringify(body)) })
      )
    )
}

const safeStringify = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
