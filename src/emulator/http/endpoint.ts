/**
 * How a route file declares an endpoint: method, path (below `/api/v1`), the access types it accepts,
 * Schemas for body and query, and a handler that receives the decoded input and the caller's `Auth`.
 * Errors are left in the error channel; the server's middleware turns known errors into the wire form.
 *
 * @example
 * export const routes = [
 *   endpoint({
 *     method: "GET", path: "/users/me", access: ["client", "server", "admin"],
 *     handler: ({ auth }) => ...
 *   })
 * ]
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import type { AccessType } from "../../domain/constants.js"
import { type Auth, authenticate, requireAccess } from "./auth.js"
import { baseUrlFromHost, RequestBaseUrl } from "../config.js"
import { answerFailures } from "./middleware.js"
import { queryOf, readBody, validate } from "./request.js"

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
type Decodable = Schema.Top & { readonly DecodingServices: never }

/** What a public handler receives. */
export interface PublicContext<B, Q> {
  readonly body: B
  readonly query: Q
  readonly params: Readonly<Record<string, string | undefined>>
  readonly request: HttpServerRequest.HttpServerRequest
}

/** What an authenticated handler receives. */
export interface EndpointContext<B, Q> extends PublicContext<B, Q> {
  readonly auth: Auth
}

interface Common<BS extends Decodable, QS extends Decodable> {
  readonly method: Method
  /** Path below `/api/v1`, with `:name` parameters. */
  readonly path: `/${string}`
  /** Body schema (JSON or form); a missing body decodes as `{}`. */
  readonly body?: BS
  /** Query schema over the string map of the query string. */
  readonly query?: QS
}

export interface EndpointSpec<BS extends Decodable, QS extends Decodable, E, R> extends Common<BS, QS> {
  /** The access types that may call it; others get INSUFFICIENT_ACCESS_TYPE. */
  readonly access: ReadonlyArray<AccessType>
  readonly handler: (ctx: EndpointContext<BS["Type"], QS["Type"]>) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
}

export interface PublicEndpointSpec<BS extends Decodable, QS extends Decodable, E, R> extends Common<BS, QS> {
  readonly handler: (ctx: PublicContext<BS["Type"], QS["Type"]>) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
}

const decodeInput = <BS extends Decodable, QS extends Decodable>(
  spec: Common<BS, QS>,
  request: HttpServerRequest.HttpServerRequest,
  rawBody: unknown
) =>
  Effect.gen(function*() {
    const body: BS["Type"] = spec.body === undefined ? rawBody : yield* validate(spec.body, "body", rawBody ?? {}, request)
    const rawQuery = queryOf(request)
    const query: QS["Type"] = spec.query === undefined ? rawQuery : yield* validate(spec.query, "query", rawQuery, request)
    return { body, query }
  })

/** Tokens minted while handling the request name the base URL the client used (see `RequestBaseUrl`). */
const withRequestBaseUrl = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const forwarded = request.headers["x-forwarded-proto"]
    const baseUrl = baseUrlFromHost(request.headers["host"], forwarded)
    return baseUrl === undefined ? effect : Effect.provideService(effect, RequestBaseUrl, baseUrl)
  })

/** What every route does around its own steps: the base URL, the wire form of failures, the raw body. */
const route = <BS extends Decodable, QS extends Decodable, E, R>(
  spec: Common<BS, QS>,
  respond: (
    request: HttpServerRequest.HttpServerRequest,
    params: PublicContext<unknown, unknown>["params"],
    rawBody: unknown
  ) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) =>
  HttpRouter.route(
    spec.method,
    spec.path,
    withRequestBaseUrl(answerFailures(Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const params = yield* HttpRouter.params
      // Same order as the hosted service: body parsing, then authentication, then validation.
      const rawBody = yield* readBody(request)
      return yield* respond(request, params, rawBody)
    })))
  )

/** An endpoint that needs project authentication (the usual case). */
export const endpoint = <BS extends Decodable = Decodable, QS extends Decodable = Decodable, E = never, R = never>(
  spec: EndpointSpec<BS, QS, E, R>
) =>
  route(spec, (request, params, rawBody) =>
    Effect.gen(function*() {
      const auth = yield* Effect.flatMap(authenticate(request.headers), (found) => requireAccess(found, spec.access))
      const { body, query } = yield* decodeInput(spec, request, rawBody)
      return yield* spec.handler({ auth, body, query, params, request })
    }))

/** An endpoint without project authentication (health, JWKS, the OAuth token endpoint ...). */
export const publicEndpoint = <BS extends Decodable = Decodable, QS extends Decodable = Decodable, E = never, R = never>(
  spec: PublicEndpointSpec<BS, QS, E, R>
) =>
  route(spec, (request, params, rawBody) =>
    Effect.flatMap(decodeInput(spec, request, rawBody), ({ body, query }) => spec.handler({ body, query, params, request })))
