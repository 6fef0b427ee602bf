/**
 * Serving a declared endpoint (`@stackfx/lib/contract/...`, see its declaration.ts): the route's method, path,
 * access types, path-parameter, query and body schemas and success schema are the declaration's, the same the
 * client calls it with. The three parts are decoded together, every problem named in one SCHEMA_ERROR in the
 * declaration's `inputOrder` (http/request-parts.ts): a handler receives decoded parameters and never checks
 * one. The handler answers the success value, which is encoded with the caller's view (a client gets the
 * client view of a team: the server-only fields are dropped).
 * A declaration whose `access` is `"optional"` is served to anyone: the caller is authenticated when it
 * sends the project headers (its handler's `auth` is then set, else `undefined` and the client view applies).
 *
 * What does not type-check: a handler whose answer does not fit every view's success type, or whose error
 * channel holds a known error the declaration does not list (the compiler names it). Failures that are not
 * known errors (a plain status, a defect) are the middleware's to answer.
 *
 * @example
 * serve(TeamsApi.get, ({ auth, params }) => getTeamFor(auth, params.team_id))
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import type * as HttpRouter from "effect/http/HttpRouter"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import { ACCESS_TYPES, type AccessType } from "@stackfx/lib/domain/api.js"
import {
  type AccessOf,
  atView,
  type BodyAt,
  type EndpointSpec,
  type ErrorTagsOf,
  isRaw,
  type ParamsOf,
  type QueryType,
  type Raw,
  resolveRef,
  type SuccessAt
} from "@stackfx/lib/contract/declaration.js"
import { firstLoadSchemas } from "@stackfx/lib/contract/first-load-schemas.js"
import type { KnownError, KnownErrorTag } from "@stackfx/lib/errors/known/registry.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { isKnownError, type KnownErrorTypeId } from "@stackfx/lib/errors/known/type-id.js"
import { type Auth, authenticate, requireAccess } from "./auth.js"
import { route } from "./route.js"
import { checkPart } from "./request.js"
import { json } from "./respond.js"

/**
 * The answer a handler gives: a value every view of the success can encode (the intersection of the views'
 * types, each kept whole: a list answer's union is not split), or its own response for a raw answer.
 */
export type AnswerOf<D extends EndpointSpec> = D["success"] extends Raw
  ? HttpServerResponse.HttpServerResponse
  : { [V in AccessOf<D>]: (answer: SuccessAt<D, V>) => void }[AccessOf<D>] extends (answer: infer All) => void
    ? All
    : never

/** The body a handler receives: the decoded body of the caller's view. */
export type BodyOf<D extends EndpointSpec> = { [V in AccessOf<D>]: BodyAt<D, V> }[AccessOf<D>]

/** What a handler of a declaration receives. */
export interface ServeContext<D extends EndpointSpec> {
  readonly params: ParamsOf<D>
  readonly query: QueryType<D>
  readonly body: BodyOf<D>
  readonly request: HttpServerRequest.HttpServerRequest
}

/** What a handler of an authenticated declaration receives. */
export interface AuthServeContext<D extends EndpointSpec> extends ServeContext<D> {
  readonly auth: Auth
}

/** What a handler of a declaration whose authentication is optional receives: `auth` when the caller sent the project headers. */
export interface OptionalAuthServeContext<D extends EndpointSpec> extends ServeContext<D> {
  readonly auth: Auth | undefined
}

/** An error that is not a known error (a plain status, a database failure): the middleware answers it. */
export interface NotKnown {
  readonly _tag: string
  readonly [KnownErrorTypeId]?: never
}

/**
 * The errors a handler of `D` may fail with: the known errors the declaration lists (at any view), the
 * edge's SCHEMA_ERROR, and anything that is not a known error. Another known error is a type error that
 * names it.
 */
export type AllowedErrors<D extends EndpointSpec> =
  | Extract<KnownError, { readonly _tag: ErrorTagsOf<D> }>
  | SchemaError
  | NotKnown

type Context<D extends EndpointSpec> = D["access"] extends "public"
  ? ServeContext<D>
  : D["access"] extends "optional"
    ? OptionalAuthServeContext<D>
    : AuthServeContext<D>

/** A served route with its declaration, for the route table's check against the contract. */
export interface Served<E = unknown, R = unknown> {
  readonly declaration: EndpointSpec
  readonly route: HttpRouter.Route<E, R>
}

const decodable = (schema: unknown) => schema as Schema.Codec<unknown, unknown, never, never>

/** The fields a client may not send: those of the server's body schema missing from the client's. */
const serverOnlyFields = (declaration: EndpointSpec): ReadonlyArray<string> => {
  const body = declaration.body
  if (body === undefined) return []
  const client = schemaAt(body, "client")
  const server = schemaAt(body, "server")
  if (client === undefined || server === undefined || client === server) return []
  // The wire names: the keys of the schema's encoded side.
  const fieldsOf = (schema: Schema.Top): ReadonlyArray<string> => {
    const encoded = SchemaAST.toEncoded(schema.ast)
    return encoded._tag === "Objects" ? encoded.propertySignatures.map((property) => String(property.name)) : []
  }
  const clientFields = new Set(fieldsOf(client))
  return fieldsOf(server).filter((field) => !clientFields.has(field))
}

/** A per-view schema at one view, a named one resolved. */
const schemaAt = (perView: NonNullable<EndpointSpec["body"]>, view: AccessType) => {
  const found = atView(perView, view)
  return found === undefined ? undefined : resolveRef(found, firstLoadSchemas)
}

/** The backend's path form: `{team_id}` as `:team_id`. */
const routerPath = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1") as `/${string}`

/** Serves a declaration with a handler; see the module's comment. */
export const serve = <const D extends EndpointSpec, R>(
  declaration: D,
  handler: (context: Context<D>) => Effect.Effect<AnswerOf<D>, AllowedErrors<D>, R>
) => {
  const access = declaration.access
  const forbidden = serverOnlyFields(declaration)
  const status = declaration.status
  const statusOf = (answer: unknown): number =>
    // A status function takes the declaration's own answer type, which the handler's answer has.
    typeof status === "function" ? (status as (answer: unknown) => number)(answer) : (status ?? 200)
  const success = declaration.success
  // Each view's encoder, made once when the route is registered rather than on every request.
  const encoders = new Map(
    ACCESS_TYPES.flatMap((view) => {
      const schema = isRaw(success) ? undefined : schemaAt(success, view)
      return schema === undefined ? [] : [[view, Schema.encodeUnknownEffect(decodable(schema))] as const]
    })
  )
  const encodeAnswer = (view: AccessType, answer: unknown): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
    if (isRaw(success)) return Effect.succeed(answer as HttpServerResponse.HttpServerResponse)
    const encode = encoders.get(view)
    if (encode === undefined) return Effect.die(`${declaration.name} declares no success for ${view}`)
    return Effect.map(Effect.orDie(encode(answer)), (wire) => json(wire, statusOf(answer)))
  }
  const decodeBody = (view: AccessType, raw: unknown) => {
    const schema = declaration.body === undefined ? undefined : schemaAt(declaration.body, view)
    if (schema === undefined) return Effect.succeed(raw)
    // A client's body schema on the service lacks the server-only fields: sent by a client they are unknown
    // properties, named with the body's other problems.
    return checkPart(decodable(schema), "body", raw ?? {}, "refuse", view === "client" ? forbidden : [])
  }
  const spec = {
    method: declaration.method,
    path: routerPath(declaration.path),
    ...(declaration.params === undefined ? {} : { params: Schema.Struct(declaration.params) }),
    inputOrder: declaration.inputOrder,
    ...(declaration.query === undefined ? {} : { query: decodable(declaration.query) }),
    ...(declaration.unknownQueryKeys === undefined ? {} : { unknownQueryKeys: declaration.unknownQueryKeys })
  }
  // The handler's context is built from the declaration's schemas, so it has the declaration's types;
  // the generic code here sees them as unknown.
  const run = handler as (context: object) => Effect.Effect<unknown, AllowedErrors<D>, R>
  const served =
    access === "public"
      ? route(
          spec,
          () => Effect.void,
          (_none, input) => Effect.flatMap(run(input), (answer) => encodeAnswer("client", answer)),
          (_none, raw) => decodeBody("client", raw)
        )
      : access === "optional"
        ? route(
            spec,
            (request) => authenticate(request.headers),
            // An unauthenticated caller gets the client view.
            (auth, input) =>
              Effect.flatMap(run({ ...input, auth }), (answer) => encodeAnswer(auth?.accessType ?? "client", answer)),
            (auth, raw) => decodeBody(auth?.accessType ?? "client", raw)
          )
        : route(
            spec,
            (request) => Effect.flatMap(authenticate(request.headers), (found) => requireAccess(found, access)),
            (auth, input) => Effect.flatMap(run({ ...input, auth }), (answer) => encodeAnswer(auth.accessType, answer)),
            (auth, raw) => decodeBody(auth.accessType, raw)
          )
  return { declaration, route: served } satisfies Served<unknown, unknown>
}

/**
 * A handler's known errors that its route cannot meet (an operation shared with other routes declares
 * them): they become defects, so the route's error channel lists what the declaration documents. Say why
 * beside each use.
 *
 * @example
 * // The creator joins a team made a moment ago: never a second membership.
 * createTeam(project, input).pipe(unreachable("TeamMembershipAlreadyExists"))
 */
export const unreachable =
  <const Tags extends ReadonlyArray<KnownErrorTag>>(...tags: Tags) =>
  <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, Exclude<E, { readonly _tag: Tags[number] }>, R> =>
    // The errors let through are those not named by `tags`.
    Effect.catch(self, (error) =>
      isKnownError(error) && tags.includes(error._tag) ? Effect.die(error) : Effect.fail(error)
    ) as Effect.Effect<A, Exclude<E, { readonly _tag: Tags[number] }>, R>
