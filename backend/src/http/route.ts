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
import type { AccessType } from "@stackfx/lib/domain/api.js"
import type { RequestPart } from "@stackfx/lib/contract/declaration.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { type Auth, authenticate, requireAccess } from "./auth.js"
import { baseUrlFromHost, PublicUrls, publicBaseUrl, RequestBaseUrl, RequestCountry } from "../config.js"
import { endUserCountry } from "./end-user.js"
import { answerFailures } from "./middleware.js"
import { checkInput, checkPart, queryOf, readBody, type UnknownKeys } from "./request.js"
import { decodeParts, type PartDecoders } from "./request-parts.js"

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
  /** The path parameters' schema (a struct of the declaration's `params`); without one they are text. */
  readonly params?: Decodable
  /** The order the problems of the parts are named in (declaration.ts, `inputOrder`). */
  readonly inputOrder?: ReadonlyArray<RequestPart> | undefined
  /**
   * Whether query keys the schema does not declare are refused (the default, as the hosted service does
   * for every route) or ignored: its OAuth authorize query is left open (`"ignore"`).
   */
  readonly unknownQueryKeys?: UnknownKeys
}

export interface EndpointSpec<BS extends Decodable, QS extends Decodable, E, R> extends Common<BS, QS> {
  /** The access types that may call it; others get INSUFFICIENT_ACCESS_TYPE. */
  readonly access: ReadonlyArray<AccessType>
  readonly handler: (
    ctx: EndpointContext<BS["Type"], QS["Type"]>
  ) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
}

export interface PublicEndpointSpec<BS extends Decodable, QS extends Decodable, E, R> extends Common<BS, QS> {
  readonly handler: (
    ctx: PublicContext<BS["Type"], QS["Type"]>
  ) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
}

/** How the body is decoded for a caller: the route's schema, or the declaration's view of it (serve.ts). */
export type BodyDecoder<A> = (authorized: A, raw: unknown) => Effect.Effect<unknown, ReadonlyArray<string>>

const decodeInput = <BS extends Decodable, QS extends Decodable, A>(
  spec: Common<BS, QS>,
  request: HttpServerRequest.HttpServerRequest,
  decodeBody: BodyDecoder<A> | undefined,
  authorized: A,
  raw: {
    readonly params: Readonly<Record<string, string | undefined>>
    readonly body: unknown
    readonly query: Record<string, string>
  }
) => {
  const { body, query, params } = spec
  // The router hands over exactly the path's parameters (and `*` for a wildcard): nothing to refuse as unknown.
  const parts: PartDecoders<unknown, unknown, unknown> = {
    // Parameters without a schema stay the text the router read (a struct of params decodes to a record).
    params:
      params === undefined
        ? Effect.succeed(raw.params)
        : Effect.map(checkPart(params, "params", raw.params, "ignore"), (decoded) => ({
            ...raw.params,
            ...(decoded as Readonly<Record<string, unknown>>)
          })),
    query:
      query === undefined ? Effect.succeed(raw.query) : checkPart(query, "query", raw.query, spec.unknownQueryKeys),
    body:
      decodeBody !== undefined
        ? decodeBody(authorized, raw.body)
        : body === undefined
          ? Effect.succeed(raw.body)
          : checkPart(body, "body", raw.body ?? {})
  }
  const decoded = decodeParts(request, parts, spec.inputOrder)
  // The parts' types are the schemas' (or the raw maps' where there is none); the generic code sees unknown.
  return decoded as Effect.Effect<
    { readonly params: PublicContext<BS, QS>["params"]; readonly query: QS["Type"]; readonly body: BS["Type"] },
    SchemaError
  >
}

/**
 * Tokens minted while handling the request name the base URL the client used (see `RequestBaseUrl`), or the
 * configured public URL (`PublicUrls`); a sign-up reads the country the request's headers claim (`RequestCountry`).
 */
const withRequestBaseUrl = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.all([HttpServerRequest.HttpServerRequest, PublicUrls]), ([request, publicUrls]) => {
    const forwarded = request.headers["x-forwarded-proto"]
    const baseUrl = publicBaseUrl(publicUrls, baseUrlFromHost(request.headers["host"], forwarded))
    const country = endUserCountry(request.headers)
    const located = country === undefined ? effect : Effect.provideService(effect, RequestCountry, country)
    return baseUrl === undefined ? located : Effect.provideService(located, RequestBaseUrl, baseUrl)
  })

/**
 * What every route does around its own steps, in this order: the caller's access is checked before a
 * byte of the body is read (an anonymous or unauthorised request cannot make the server buffer
 * anything), then the body is read up to the limit, then every part of the request passes the edge
 * checks of `input-limits.ts`, then the route's Schemas: path parameters, query and body together, their
 * problems named in one SCHEMA_ERROR (request-parts.ts). Failures take their wire form. Used by `serve.ts`
 * too, with the declaration's schemas.
 */
export const route = <BS extends Decodable, QS extends Decodable, A, E, R, EA, RA>(
  spec: Common<BS, QS>,
  authorize: (request: HttpServerRequest.HttpServerRequest) => Effect.Effect<A, EA, RA>,
  respond: (
    authorized: A,
    input: PublicContext<BS["Type"], QS["Type"]>
  ) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
  decodeBody?: BodyDecoder<A>
) =>
  HttpRouter.route(
    spec.method,
    spec.path,
    withRequestBaseUrl(
      answerFailures(
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const params = yield* HttpRouter.params
          const authorized = yield* authorize(request)
          const raw = { params, body: yield* readBody(request), query: queryOf(request) }
          yield* checkInput(request, raw)
          const input = yield* decodeInput(spec, request, decodeBody, authorized, raw)
          return yield* respond(authorized, { ...input, request })
        })
      )
    )
  )

/** An endpoint that needs project authentication (the usual case). */
export const endpoint = <BS extends Decodable = Decodable, QS extends Decodable = Decodable, E = never, R = never>(
  spec: EndpointSpec<BS, QS, E, R>
) =>
  route(
    spec,
    (request) => Effect.flatMap(authenticate(request.headers), (found) => requireAccess(found, spec.access)),
    (auth, input) => spec.handler({ ...input, auth })
  )

/** An endpoint without project authentication (health, JWKS, the OAuth token endpoint ...). */
export const publicEndpoint = <
  BS extends Decodable = Decodable,
  QS extends Decodable = Decodable,
  E = never,
  R = never
>(
  spec: PublicEndpointSpec<BS, QS, E, R>
) =>
  route(
    spec,
    () => Effect.void,
    (_none, input) => spec.handler(input)
  )
