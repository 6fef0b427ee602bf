/**
 * How an endpoint of the REST API is declared: once, as a value that both sides read. The client's
 * services call it (`services/http/service-calls.ts`), the local backend serves it (`backend/src/http/serve.ts`),
 * and the OpenAPI document in docs/ is generated from it (`scripts/generate-contract.ts`).
 *
 * A declaration says everything the two sides must agree on: method, path and its parameters' schemas, the
 * access types that may call it, the query, body and success schemas (each the same for every access type, or
 * one per access type: the hosted service answers a client a narrower view of a team than a server), the
 * order the backend names their problems in, the known errors it documents, and the data keys a success makes
 * stale (read by the React cache, see data-keys.ts here).
 *
 * This module holds types and two tiny functions only, so a declaration costs what its schemas cost.
 *
 * @example
 * export const getTeam = endpoint({
 *   name: "teams.get", method: "GET", path: "/teams/{team_id}", params: { team_id: TeamId }, access: ALL_ACCESS,
 *   success: { client: ClientTeam, server: ServerTeam },
 *   errors: ["TeamNotFound"]
 * })
 */
import type * as Schema from "effect/Schema"
import type { AccessType } from "../domain/api.js"
import type { KnownErrorTag } from "../errors/known/registry.js"
import type { DataKey } from "./data-keys.js"
import type { FirstLoadSchemas } from "./first-load-schemas.js"

/** The methods the API uses. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/** A schema both sides can decode and encode without services. */
export type Codec = Schema.Codec<unknown, unknown, never, never>

/**
 * A schema named rather than imported, for the declarations of the calls code on a program's first load
 * makes (first-load-schemas.ts): `schemaRef("ClientUser")`.
 */
export interface SchemaRef<K extends keyof FirstLoadSchemas = keyof FirstLoadSchemas> {
  readonly schemaRef: K
}

/** See {@link SchemaRef}. */
export const schemaRef = <const K extends keyof FirstLoadSchemas>(name: K): SchemaRef<K> => ({ schemaRef: name })

/** Whether a schema is named by a {@link SchemaRef}. */
export const isSchemaRef = (value: object): value is SchemaRef => "schemaRef" in value

/** The schema itself, or the one a {@link SchemaRef} names, from the table of first-load schemas. */
export const resolveRef = (value: Codec | SchemaRef, table: FirstLoadSchemas): Codec =>
  isSchemaRef(value) ? table[value.schemaRef] : value

/** A schema, or a {@link SchemaRef} (at the type level, the schema it names). */
export type SchemaOf<X> = X extends SchemaRef<infer K> ? FirstLoadSchemas[K] : X

/** A path parameter's schema: its encoded side is the segment's text (percent-decoded). */
export type ParamCodec = Schema.Codec<unknown, string, never, never>

/** A part of a request the declaration's schemas check. */
export type RequestPart = "params" | "query" | "body"

/**
 * The order the hosted service names the problems of a request's parts in when several fail: its CRUD routes
 * declare their request schema as body, params, query (yup sorts the problems by that key order). Its other
 * routes declare their own order ({@link EndpointSpec.inputOrder}).
 */
export const CRUD_INPUT_ORDER: ReadonlyArray<RequestPart> = ["body", "params", "query"]

/** One value per access type; a missing admin entry falls back to the server one, a missing server one to the client one. */
export interface Views<T> {
  readonly client?: T
  readonly server?: T
  readonly admin?: T
}

/** A value for every access type, or one per access type. */
export type PerView<T> = T | Views<T>

/**
 * An answer that is not a JSON document: a redirect (OAuth authorize), a page, a text. The client does not
 * decode it; the backend's handler builds the HTTP response itself.
 */
export interface Raw {
  readonly raw: "redirect" | "html" | "text"
}

/** What a success makes stale: fixed keys, or keys computed from the request's path parameters and body. */
export type EndpointChanges =
  | ReadonlyArray<DataKey>
  | ((request: { readonly params: Readonly<Record<string, string>>; readonly body: unknown }) => ReadonlyArray<DataKey>)

/** The shape every declaration fits; {@link endpoint} keeps each one's exact type. */
export interface EndpointSpec {
  /** `group.action`, unique: the OpenAPI operation id and the name in a trace. */
  readonly name: string
  /** One line for the OpenAPI document. */
  readonly summary?: string
  readonly method: Method
  /** Below `/api/v1`, with `{name}` path parameters. */
  readonly path: `/${string}`
  /**
   * The path parameters' schemas, by name, as effect's `HttpApiEndpoint` declares them (`params`): the backend
   * decodes each segment with its schema (a bad one is SCHEMA_ERROR, named with the query's and body's other
   * problems) and the client encodes it before sending (a bad one is `InvalidInput`, nothing sent). A parameter
   * without a schema is any text.
   */
  readonly params?: { readonly [name: string]: ParamCodec }
  /**
   * The access types that may call it (others get `INSUFFICIENT_ACCESS_TYPE`); `"public"`: no project
   * authentication; `"optional"`: any caller, authenticated when it sends the project headers (keys that
   * are sent must be right).
   */
  readonly access: ReadonlyArray<AccessType> | "public" | "optional"
  /** The query, as a schema over the query string's map (its encoded side is strings). */
  readonly query?: Codec
  /** The body. A missing body decodes as `{}`. */
  readonly body?: PerView<Codec | SchemaRef>
  /** How the body travels: JSON (the default) or form fields (the OAuth token endpoint). */
  readonly bodyEncoding?: "json" | "form"
  /** The success answer. */
  readonly success: PerView<Codec | SchemaRef> | Raw
  /**
   * The success status; 200 unless said. A function of the answer for an endpoint whose status depends on it
   * (the CLI poll's 201 for its one success).
   */
  readonly status?: number | ((answer: never) => number)
  /** The known errors it documents. */
  readonly errors: PerView<ReadonlyArray<KnownErrorTag>>
  /**
   * Whether query keys the schema does not declare are refused (the default, as the hosted service does for
   * every route) or ignored (its OAuth authorize query is left open).
   */
  readonly unknownQueryKeys?: "refuse" | "ignore"
  /** What a success makes stale; nothing when absent (a read). */
  readonly changes?: EndpointChanges
  /**
   * The order the service names the problems of the path, query and body in, when more than one is wrong: its
   * route's request schema's key order. {@link CRUD_INPUT_ORDER} (body, params, query) unless said; a part
   * left out is named last.
   */
  readonly inputOrder?: ReadonlyArray<RequestPart>
}

/**
 * A declaration's `params` may name only its path's parameters: another key is `never` there, a type error
 * that names it.
 */
export type CheckedParams<D extends EndpointSpec> = D extends { readonly params: infer P }
  ? { readonly params: { readonly [K in keyof P]: K extends PathParams<D["path"]> ? P[K] : never } }
  : unknown

/** Declares an endpoint; the value is returned as it is, with its exact type. */
export const endpoint = <const D extends EndpointSpec>(declaration: D & CheckedParams<D>): D => declaration

/** Whether a per-view value is a {@link Views} record rather than one value for every view. */
const isViews = <T extends object>(value: PerView<T>): value is Views<T> =>
  !("ast" in value) &&
  !Array.isArray(value) &&
  !("schemaRef" in value) &&
  ("client" in value || "server" in value || "admin" in value)

/** The value of `perView` for `view` (see {@link Views} for the fall-backs). */
export const atView = <T extends object>(perView: PerView<T>, view: AccessType): T | undefined => {
  if (!isViews(perView)) return perView
  if (view === "admin") return perView.admin ?? perView.server ?? perView.client
  if (view === "server") return perView.server ?? perView.client
  return perView.client
}

/** Whether an answer is {@link Raw}. */
export const isRaw = (success: EndpointSpec["success"]): success is Raw => "raw" in success

/** The path's `{name}` parameters. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never

/** The value of a {@link PerView} at one view, at the type level (as {@link atView}). */
export type At<T, V extends AccessType> =
  T extends Views<unknown>
    ? V extends "admin"
      ? T extends { readonly admin: infer X }
        ? X
        : T extends { readonly server: infer X }
          ? X
          : T extends { readonly client: infer X }
            ? X
            : never
      : V extends "server"
        ? T extends { readonly server: infer X }
          ? X
          : T extends { readonly client: infer X }
            ? X
            : never
        : T extends { readonly client: infer X }
          ? X
          : never
    : T

/** The access types of a declaration (every one for a public endpoint). */
export type AccessOf<D extends EndpointSpec> =
  D["access"] extends ReadonlyArray<infer A extends AccessType> ? A : AccessType

/** The known-error tags a declaration documents at one view. */
export type ErrorTagsAt<D extends EndpointSpec, V extends AccessType> =
  At<D["errors"], V> extends ReadonlyArray<infer T extends KnownErrorTag> ? T : never

/** Every known-error tag a declaration documents, at any of its views. */
export type ErrorTagsOf<D extends EndpointSpec> = { [V in AccessOf<D>]: ErrorTagsAt<D, V> }[AccessOf<D>]

/** The decoded success at one view. */
export type SuccessAt<D extends EndpointSpec, V extends AccessType> =
  SchemaOf<At<D["success"], V>> extends Schema.Top ? SchemaOf<At<D["success"], V>>["Type"] : never

/** The decoded body at one view (`never` without a body). */
export type BodyAt<D extends EndpointSpec, V extends AccessType> = D extends { readonly body: infer B }
  ? SchemaOf<At<B, V>> extends Schema.Top
    ? SchemaOf<At<B, V>>["Type"]
    : never
  : never

/** The query as it travels (strings). */
export type QueryEncoded<D extends EndpointSpec> = D extends { readonly query: infer Q extends Schema.Top }
  ? Q["Encoded"]
  : never

/** The decoded query. */
export type QueryType<D extends EndpointSpec> = D extends { readonly query: infer Q extends Schema.Top }
  ? Q["Type"]
  : never

/** The schema a declaration gives the path parameter `K`, or `undefined`. */
type ParamSchema<D extends EndpointSpec, K extends string> = D extends { readonly params: infer P }
  ? K extends keyof P
    ? P[K]
    : undefined
  : undefined

/** The path parameters, by name, decoded (text for a parameter without a schema). */
export type ParamsOf<D extends EndpointSpec> = {
  readonly [K in PathParams<D["path"]>]: ParamSchema<D, K> extends Schema.Top ? ParamSchema<D, K>["Type"] : string
}
