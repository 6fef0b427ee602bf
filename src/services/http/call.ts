/**
 * One call of a declared endpoint (contract/declaration.ts) through the transport: the path filled in with
 * percent-encoded parameters, the body encoded with the declaration's schema for the caller's view, the
 * answer decoded with its success schema, and the error channel narrowed to the known errors it documents
 * (`documented`). Method, path, schemas and errors are read from the declaration: a service never writes
 * them.
 *
 * It imports no schema and not effect's Schema: code on a program's first load (the signed-in user, the
 * session refresh) calls through it too, naming its schemas with `schemaRef` (contract/declaration.ts); the
 * codec (wire-codec.ts) is loaded with the first call that encodes or decodes.
 */
import * as Effect from "effect/Effect"
import type { AccessType } from "../../domain/api.js"
import {
  atView,
  type Codec,
  isSchemaRef,
  type SchemaRef,
  type BodyAt,
  type EndpointSpec,
  type ErrorTagsAt,
  isRaw,
  type ParamsOf,
  type PathParams,
  type QueryEncoded,
  type SuccessAt
} from "../../contract/declaration.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import {
  type CallFailure,
  documented,
  formBody,
  jsonBody,
  type RequestBody,
  type TransportRequest,
  type TransportShape
} from "./transport.js"
import { wireCodec, type LazySchema, lazySchema } from "../wire/wire-codec-load.js"
import type { NetworkError } from "../../errors/client/network-error.js"

/** How a call goes out, besides what the declaration says (the transport's options). */
export type CallOptions = Pick<TransportRequest, "withSession" | "authJsonHeader" | "bare" | "headers">

/** What one call sends: path parameters, the query as it travels, the body in its decoded form. */
export type CallInput<D extends EndpointSpec, V extends AccessType> = ([PathParams<D["path"]>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: ParamsOf<D> }) &
  ([QueryEncoded<D>] extends [never] ? { readonly query?: undefined } : { readonly query?: QueryEncoded<D> }) &
  ([BodyAt<D, V>] extends [never] ? { readonly body?: undefined } : { readonly body: BodyAt<D, V> }) & {
    readonly options?: CallOptions
  }

/** What a call can fail with: the documented known errors, the pipeline's own, and a body that does not fit. */
export type CallFailureAt<D extends EndpointSpec, V extends AccessType> =
  | CallFailure<ErrorTagsAt<D, V>>
  | ([BodyAt<D, V>] extends [never] ? never : InvalidInput)

/** The answer of a call: the decoded success, or the text of a raw answer. */
export type AnswerAt<D extends EndpointSpec, V extends AccessType> = D["success"] extends { readonly raw: string }
  ? string
  : SuccessAt<D, V>

/**
 * `segment(id)` percent-encodes one path segment, so an id containing `/`, `?` or `#` stays inside its
 * segment instead of reaching another endpoint.
 */
const segment = (value: string): string => encodeURIComponent(value)

/** `/teams/{team_id}` with `{ team_id: "a/b" }` is `/teams/a%2Fb`. */
const pathFiller = (path: string): ((params: Readonly<Record<string, string>> | undefined) => string) => {
  const parts = path.split(/\{([^}]+)\}/)
  if (parts.length === 1) return () => path
  return (params) => parts.map((part, index) => (index % 2 === 0 ? part : segment(params?.[part] ?? ""))).join("")
}

/** A schema for the transport: a named one resolves through the codec once it is loaded. */
const lazily = (schema: Codec | SchemaRef): Codec | LazySchema<Codec> =>
  isSchemaRef(schema) ? lazySchema((codec) => codec.schemas[schema.schemaRef]) : schema

/** Encodes a body with its schema, through the codec (loaded on the first use, then at hand). */
const encoder = (schema: Codec | SchemaRef, method: string, path: string) => {
  let encode: ((value: unknown) => Effect.Effect<unknown, InvalidInput>) | undefined
  // A codec that cannot load is the call's NetworkError, as for a decode (wire/wire-codec-load.ts).
  return (value: unknown): Effect.Effect<unknown, InvalidInput | NetworkError> =>
    encode !== undefined
      ? encode(value)
      : Effect.flatMap(wireCodec(method, path), (codec) => {
          encode = codec.encodeInput(isSchemaRef(schema) ? codec.schemas[schema.schemaRef] : schema) as (
            value: unknown
          ) => Effect.Effect<unknown, InvalidInput>
          return encode(value)
        })
}

/**
 * The function that calls `declaration` as `view` (the access type whose schemas and errors apply), made
 * once per service: everything that does not depend on the input is worked out here.
 */
export const caller = <const D extends EndpointSpec, V extends AccessType>(
  transport: TransportShape,
  declaration: D,
  view: V
): ((input: CallInput<D, V>) => Effect.Effect<AnswerAt<D, V>, CallFailureAt<D, V>>) => {
  const narrow = documented(...(atView(declaration.errors, view) ?? []))
  const fill = pathFiller(declaration.path)
  const bodySchema = declaration.body === undefined ? undefined : atView(declaration.body, view)
  const encode = bodySchema === undefined ? undefined : encoder(bodySchema, declaration.method, declaration.path)
  const toBody =
    declaration.bodyEncoding === "form"
      ? (wire: unknown) => formBody(wire as Readonly<Record<string, string>>)
      : jsonBody
  const success = declaration.success
  const answer = isRaw(success) ? undefined : atView(success, view)
  const decodeWith = answer === undefined ? undefined : lazily(answer)
  const method = declaration.method
  const send = (input: CallInput<D, V>, body: RequestBody | undefined): Effect.Effect<unknown, unknown> => {
    const request: TransportRequest = {
      method,
      path: fill(input.params as Readonly<Record<string, string>> | undefined),
      query: input.query as TransportRequest["query"],
      body,
      ...input.options
    }
    return decodeWith === undefined
      ? transport.request({ ...request, response: "text" })
      : transport.requestJson(request, decodeWith)
  }
  const call = (input: CallInput<D, V>): Effect.Effect<unknown, unknown> =>
    encode === undefined
      ? send(input, undefined)
      : Effect.flatMap(encode(input.body), (wire) => send(input, toBody(wire)))
  // The declaration's schemas decode to AnswerAt and its errors narrow to CallFailureAt; the types above
  // are the declaration's, which the generic code cannot follow.
  return (input) => narrow(call(input)) as Effect.Effect<AnswerAt<D, V>, CallFailureAt<D, V>>
}

/** The callers of a group of declarations (`{ get, update, ... }`), each as {@link caller} makes it. */
export type Callers<G extends Readonly<Record<string, EndpointSpec>>, V extends AccessType> = {
  readonly [K in keyof G]: (input: CallInput<G[K], V>) => Effect.Effect<AnswerAt<G[K], V>, CallFailureAt<G[K], V>>
}

/**
 * Every declaration of a group called as `view`: `const call = callers(transport, OAuthProvidersApi, "client")`
 * then `call.get({ params })`. Made once per service, like {@link caller}.
 */
export const callers = <const G extends Readonly<Record<string, EndpointSpec>>, V extends AccessType>(
  transport: TransportShape,
  group: G,
  view: V
): Callers<G, V> =>
  // One caller per declaration of the group, each typed by its own declaration (see `caller`).
  Object.fromEntries(
    Object.entries(group).map(([name, declaration]) => [name, caller(transport, declaration, view)])
  ) as unknown as Callers<G, V>
