/**
 * Any path under `/api` that no route serves: a 404 with the hosted service's plain-text page, naming the
 * URL that was asked for. It is an ordinary answer, not a failure, so it keeps its 404 even when the client
 * asks for error statuses to be overridden.
 */
import * as Effect from "effect/Effect"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { LocalBackendConfig } from "../config.js"

/** The hosted text since the service's rename, word for word (clients and tests match on it). */
export const notFoundText = (url: string): string =>
  "404 — this page does not exist in Hexclave's API.\n\n" +
  "Please see the API documentation at https://docs.hexclave.com, or visit the Hexclave dashboard at " +
  "https://app.hexclave.com.\n\n" +
  `URL: ${url}`

const notFound = Effect.gen(function* () {
  const request = yield* HttpServerRequest.HttpServerRequest
  const config = yield* LocalBackendConfig
  return HttpServerResponse.text(notFoundText(`${config.baseUrl}${request.url}`), { status: 404 })
})

/** The catch-all below `/api`; the router prefers every concrete route over it. */
export const layer = HttpRouter.add("*", "/api/*", notFound)
