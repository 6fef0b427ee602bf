/**
 * A service declared as a table of its members, and one call of a declared endpoint (`caller`, below).
 *
 * A table's member is one call of a declared endpoint (with how the
 * member's arguments become the call's input, and how its answer becomes the member's result) or a member
 * its implementation writes itself (`custom`: several calls, a session stored, a browser ceremony), or
 * one built where the service's tag is: every page of another member (`allPages`), a read of every
 * program's first load (`firstLoad`, written in the service's first-load module).
 *
 * Everything else derives from the table: the service's shape (`ShapeOf`, each member's error channel read
 * from its endpoint's declaration), its implementation (`implement`), what each member's success makes
 * stale (the endpoint's `changes`), and the lazily loaded layer's member list (generated from the tables
 * by scripts/generate-contract.ts into services/generated/member-kinds.ts).
 *
 * A service is one module (`teams/teams.ts`): its table, with the tag's doc comment on it, and its
 * implementation (`makeTeams = implement(TeamsCalls)`). `npm run generate` (scripts/contract/service-tags.ts)
 * writes its tag module (services/generated/teams.ts: the tag, its shape, its member list and its lazily loaded
 * layer) and its line in services/live.ts; only live.ts imports the service module as a value.
 *
 * @example
 * export const TeamsCalls = {
 *   // The doc comment of a member is the one its users see.
 *   get: functionCall(Teams.get, "client", (teamId: string) => ({ params: { team_id: teamId } }))
 * }
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import {
  atView,
  type Codec,
  type EndpointSpec,
  isRaw,
  isSchemaRef,
  type SchemaRef
} from "../../contract/declaration.js"
import type { AccessType } from "../../domain/api.js"
import type { DataKey } from "../../contract/data-keys.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { NetworkError } from "../../errors/client/network-error.js"
import { type Changes, DataChanges, withChanges } from "../changes/data-changes.js"
import { type LazySchema, lazySchema, wireCodec, type WireCodecModule } from "../wire/wire-codec-load.js"
import type {
  AnswerAt,
  CallFailureAt,
  CallInput,
  CallMember,
  CallPlan,
  Callers,
  CustomMember,
  CustomPart,
  FirstLoadMember,
  KindOf,
  MemberArgs,
  MemberChanges,
  PagesMember,
  ServiceCalls,
  ShapeOf
} from "./service-types.js"
import {
  documented,
  formBody,
  jsonBody,
  type RequestBody,
  Transport,
  type TransportRequest,
  type TransportShape
} from "./transport.js"

export type * from "./service-types.js"

// One call of a declaration (`caller`): the path filled in with percent-encoded parameters (encoded with the
// declaration's `params` schemas first, so a bad one fails as InvalidInput before sending), the body encoded
// with the declaration's schema for the caller's view, the answer decoded with its success schema, and the
// error channel narrowed to the known errors it documents (`documented`). Method, path, schemas and errors
// are read from the declaration: a service never writes them. It imports no schema and not effect's Schema:
// a call names its schemas, resolved through the codec (wire-codec.ts), loaded with the first call that
// encodes or decodes.

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
  // Told apart here, with the plan: a call runs no code of the declaration's module.
  const named = isSchemaRef(schema) ? schema.schemaRef : undefined
  let encode: ((value: unknown) => Effect.Effect<unknown, InvalidInput>) | undefined
  // A codec that cannot load is the call's NetworkError, as for a decode (wire/wire-codec-load.ts).
  return (value: unknown): Effect.Effect<unknown, InvalidInput | NetworkError> =>
    encode !== undefined
      ? encode(value)
      : Effect.flatMap(wireCodec(method, path), (codec) => {
          encode = codec.encodeInput(named === undefined ? (schema as Codec) : codec.schemas[named]) as (
            value: unknown
          ) => Effect.Effect<unknown, InvalidInput>
          return encode(value)
        })
}

/** Encodes the path parameters with the declaration's schemas, through the codec (as {@link encoder}). */
const paramsEncoder = (schemas: NonNullable<EndpointSpec["params"]>, method: string, path: string) => {
  let encode: ReturnType<WireCodecModule["encodeParams"]> | undefined
  return (
    values: Readonly<Record<string, unknown>>
  ): Effect.Effect<Readonly<Record<string, string>>, InvalidInput | NetworkError> =>
    encode !== undefined
      ? encode(values)
      : Effect.flatMap(wireCodec(method, path), (codec) => {
          encode = codec.encodeParams(schemas)
          return encode(values)
        })
}

/** The {@link CallPlan} of `declaration` called as `view` (the access type whose schemas and errors apply). */
const planOf = (declaration: EndpointSpec, view: AccessType): CallPlan => {
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
  const encodePath =
    declaration.params === undefined ? undefined : paramsEncoder(declaration.params, method, declaration.path)
  const sendTo = (
    transport: TransportShape,
    input: CallInput<EndpointSpec, AccessType>,
    params: Readonly<Record<string, string>> | undefined,
    body: RequestBody | undefined
  ): Effect.Effect<unknown, unknown> => {
    const request: TransportRequest = {
      method,
      path: fill(params),
      query: input.query as TransportRequest["query"],
      body,
      ...input.options
    }
    return decodeWith === undefined
      ? transport.request({ ...request, response: "text" })
      : transport.requestJson(request, decodeWith)
  }
  // A bad path parameter is refused before anything is sent, as a bad body is (both InvalidInput).
  const send = (
    transport: TransportShape,
    input: CallInput<EndpointSpec, AccessType>,
    body: RequestBody | undefined
  ): Effect.Effect<unknown, unknown> =>
    encodePath === undefined
      ? sendTo(transport, input, input.params as Readonly<Record<string, string>> | undefined, body)
      : Effect.flatMap(encodePath(input.params ?? {}), (params) => sendTo(transport, input, params, body))
  return {
    call: (transport, input) =>
      narrow(
        encode === undefined
          ? send(transport, input, undefined)
          : Effect.flatMap(encode(input.body), (wire) => send(transport, input, toBody(wire)))
      )
  }
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
  const plan = planOf(declaration, view)
  // The declaration's schemas decode to AnswerAt and its errors narrow to CallFailureAt; the types above
  // are the declaration's, which the generic code cannot follow.
  return (input) =>
    plan.call(transport, input as CallInput<EndpointSpec, AccessType>) as Effect.Effect<
      AnswerAt<D, V>,
      CallFailureAt<D, V>
    >
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

/** A member that is an Effect: one call whose input is fixed. */
export const effectCall = <const D extends EndpointSpec, V extends AccessType, Out = AnswerAt<D, V>>(
  endpoint: D,
  view: V,
  options: {
    readonly input: () => CallInput<D, V>
    readonly output?: (answer: AnswerAt<D, V>) => Out
  }
): CallMember<D, V, "effect", [], Out> => ({
  _tag: "Call",
  kind: "effect",
  endpoint,
  view,
  input: options.input,
  output: options.output,
  plan: planOf(endpoint, view)
})

/** A member that is a function: its arguments become the call's input, and the answer maybe its result. */
export const functionCall = <
  const D extends EndpointSpec,
  V extends AccessType,
  Args extends ReadonlyArray<unknown>,
  Out = AnswerAt<D, V>
>(
  endpoint: D,
  view: V,
  input: (...args: Args) => CallInput<D, V>,
  output?: (answer: AnswerAt<D, V>) => Out
): CallMember<D, V, "function", Args, Out> => ({
  _tag: "Call",
  kind: "function",
  endpoint,
  view,
  input,
  output,
  plan: planOf(endpoint, view)
})

/**
 * A member written by the implementation: `custom<(code: string) => Effect<...>>("function")`. Its error
 * channel names its endpoints' errors through their declarations (`CallFailureAt<typeof X, "client">`).
 */
export const custom = <Sig>(kind: KindOf<Sig>, changes?: MemberChanges<Sig>): CustomMember<Sig, KindOf<Sig>> => ({
  _tag: "Custom",
  kind,
  changes
})

/**
 * `allPages<(options?: O) => Stream<A, E>>("list", 100)`: every page of the member `list` (which takes
 * `{ ...options, limit, cursor }` and answers `{ items, nextCursor }`), fetched as the stream is pulled.
 */
export const allPages = <Sig>(of: string, pageSize: number): PagesMember<Sig> => ({
  _tag: "Custom",
  kind: "stream",
  changes: undefined,
  pages: { of, pageSize }
})

/** `firstLoad<Effect<ClientUser | null, CallFailure>>("effect")`: see {@link FirstLoadMember}. */
export const firstLoad = <Sig>(kind: KindOf<Sig>): FirstLoadMember<Sig> => ({
  _tag: "Custom",
  kind,
  changes: undefined,
  firstLoad: true
})

/** The keys an endpoint's success makes stale, for one input. */
const changesOf = (declared: EndpointSpec["changes"], input: { readonly params?: unknown; readonly body?: unknown }) =>
  declared === undefined
    ? []
    : typeof declared === "function"
      ? declared({ params: (input.params ?? {}) as Readonly<Record<string, string>>, body: input.body })
      : declared

/**
 * What each member of a table makes stale when it succeeds: a call member its endpoint's `changes` for the
 * call's input, a custom member its own `changes`; reads nothing.
 */
export const changeTable = <const C extends ServiceCalls>(calls: C): Changes<ShapeOf<C>> => {
  const table: Record<string, ReadonlyArray<DataKey> | ((...args: ReadonlyArray<unknown>) => ReadonlyArray<DataKey>)> =
    {}
  for (const [name, member] of Object.entries(calls)) {
    if (member._tag === "Custom") {
      table[name] = (member.changes ?? []) as
        | ReadonlyArray<DataKey>
        | ((...args: ReadonlyArray<unknown>) => ReadonlyArray<DataKey>)
      continue
    }
    const declared = member.endpoint.changes
    const input = member.input as (...args: ReadonlyArray<unknown>) => {
      readonly params?: unknown
      readonly body?: unknown
    }
    table[name] = typeof declared === "function" ? (...args) => changesOf(declared, input(...args)) : (declared ?? [])
  }
  // One entry per member of the table, of the kind of its member (see MemberChanges).
  return table as unknown as Changes<ShapeOf<C>>
}

/**
 * The implementation of a service from its table: each call member over the transport (its call worked out
 * when the table was declared), the
 * custom members from `customMembers`, and every member announcing its changes on the tier's `DataChanges`.
 */
export const implement = <const C extends ServiceCalls, R = never>(
  calls: C,
  customMembers?: Effect.Effect<CustomPart<C>, never, R>
): Effect.Effect<ShapeOf<C>, never, Transport | R> =>
  Effect.gen(function* () {
    const transport = yield* Transport
    const hub = Option.getOrUndefined(yield* Effect.serviceOption(DataChanges))
    const own: Readonly<Record<string, unknown>> = customMembers === undefined ? {} : yield* customMembers
    const shape: Record<string, unknown> = {}
    for (const [name, member] of Object.entries(calls)) {
      if (member._tag === "Custom") {
        shape[name] = own[name]
        continue
      }
      const { input, output, plan } = member
      const invoke = (...args: ReadonlyArray<never>) => {
        // The answer is the declaration's, which the row's output takes (CallMember's types).
        const sent = plan.call(transport, input(...args)) as Effect.Effect<never, unknown>
        return output === undefined ? sent : Effect.map(sent, output)
      }
      shape[name] = member.kind === "effect" ? invoke() : invoke
    }
    // Every member of the table is in `shape`: call members built above, custom ones from `customMembers`,
    // whose type lists exactly the custom members of the table; `allPages` and first-load members are
    // built where the service's tag is (lazy-service.ts), over or beside this implementation.
    return withChanges(shape as ShapeOf<C>, changeTable(calls), hub)
  })

/** The keys one member announces for these arguments (for tests and tools; services use `implement`). */
export const memberChanges =
  <const C extends ServiceCalls, K extends keyof C & string>(calls: C, name: K) =>
  (...args: MemberArgs<C[K]>): ReadonlyArray<DataKey> => {
    const declared = (
      changeTable(calls) as Record<
        string,
        ReadonlyArray<DataKey> | ((...a: ReadonlyArray<unknown>) => ReadonlyArray<DataKey>)
      >
    )[name]
    return declared === undefined ? [] : typeof declared === "function" ? declared(...args) : declared
  }
