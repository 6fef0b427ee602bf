/**
 * What every response goes through. Effect's server sends a route's response before the serve-level
 * middleware sees it, so the work is split: `answerFailures` wraps each route and turns its failures
 * into wire responses (known errors as docs/wire.md encodes them, other failures as a logged plain 500), and
 * `wireConventions` wraps the server, answers CORS preflights, registers a pre-response hook that
 * adds CORS, a request id and `Cache-Control: no-store` to every response, including the router's own 404s, and sets
 * the body limit every reader of a request body (routes, the development provider's form) stops at.
 */
import { randomUUID } from "node:crypto"
import * as Cause from "effect/Cause"
import * as ByteSize from "effect/ByteSize"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as HttpEffect from "effect/http/HttpEffect"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { bothNames } from "@stackfx/lib/errors/encode.js"
import { ANSWER_HEADERS } from "@stackfx/lib/errors/wire-response.js"
import { isKnownError } from "@stackfx/lib/errors/known/registry.js"
import { answerStyleOf } from "./auth.js"
import { corsHeaders } from "./cors.js"
import { MAX_BODY_BYTES } from "./input-limits.js"
import { pathOf } from "./request.js"
import { HttpStatusError, json, knownErrorResponse, plainError } from "./respond.js"
import { Refused, refusalStatus } from "../errors/refused.js"
import { OAuthRefusal } from "../errors/oauth-refusal.js"

const failureResponse = (cause: Cause.Cause<unknown>, request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function* () {
    const style = answerStyleOf(request.headers)
    const found = Cause.findError(cause)
    if (Result.isSuccess(found)) {
      const error = found.success
      if (isKnownError(error)) return knownErrorResponse(error, style)
      if (error instanceof HttpStatusError) return plainError(error.status, error.message, style)
      if (error instanceof Refused) return plainError(refusalStatus[error.reason], error.message, style)
      if (error instanceof OAuthRefusal) return json({ error: error.error, error_description: error.description }, 400)
    }
    const unmoved = { ...style, override: false }
    if (Cause.hasInterruptsOnly(cause)) return plainError(503, "The request was interrupted.", unmoved)
    yield* Effect.logError(`stackfx local backend: ${request.method} ${pathOf(request)} failed`, cause)
    return plainError(500, "Internal server error. The local backend logged the details.", unmoved)
  })

/** Wraps one route: every failure becomes a response. */
export const answerFailures = <E, R>(
  route: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R | HttpServerRequest.HttpServerRequest> =>
  Effect.catchCause(route, (cause) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => failureResponse(cause, request))
  )

/**
 * The headers every answer carries (CORS for the request's origin, a request id, `Cache-Control: no-store`);
 * also for an answer made before the router runs (the testing kit's injected faults), which the pre-response
 * hook below does not reach.
 */
export const conventionHeaders = (request: HttpServerRequest.HttpServerRequest, isPreflight = false) =>
  Effect.gen(function* () {
    const cors = yield* corsHeaders(
      request.headers["origin"],
      isPreflight ? (request.headers["access-control-request-headers"] ?? "") : undefined
    ).pipe(
      Effect.catch((error) =>
        Effect.as(
          Effect.logWarning("stackfx local backend: could not load trusted domains for CORS", error.message),
          {}
        )
      )
    )
    // Every answer carries a request id, plain-text errors and the router's 404s included: the Hexclave SDK
    // takes a 4xx without one for an answer of something in front of the API (a proxy, an outage page) and
    // tries the next of its base URLs. Under both names, as every answer header (docs/wire.md, "Two names").
    const requestId = yield* Effect.sync(() => randomUUID())
    return {
      ...cors,
      ...bothNames(ANSWER_HEADERS.requestId, requestId),
      "cache-control": "no-store"
    }
  })

/** Wraps the whole server (see the module comment). */
export const wireConventions = <E, R>(app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const isPreflight = request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined
    const headers = yield* conventionHeaders(request, isPreflight)
    if (isPreflight) return HttpServerResponse.empty({ status: 204, headers })
    yield* HttpEffect.appendPreResponseHandler((_request, response) =>
      Effect.succeed(HttpServerResponse.setHeaders(response, headers))
    )
    return yield* Effect.provideService(app, HttpIncomingMessage.MaxBodySize, ByteSize.bytes(MAX_BODY_BYTES))
  })
