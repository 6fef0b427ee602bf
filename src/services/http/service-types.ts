/**
 * The types of a service's table (service-calls.ts): its members, the shape they make, and one call's input,
 * answer and failure. Types only: a module that names them (a service's first-load module, a tag module)
 * imports no code.
 */
import type * as Effect from "effect/Effect"
import type * as Stream from "effect/Stream"
import type {
  BodyAt,
  EndpointSpec,
  ErrorTagsAt,
  ParamsOf,
  PathParams,
  QueryEncoded,
  SuccessAt
} from "../../contract/declaration.js"
import type { DataKey } from "../../contract/data-keys.js"
import type { AccessType } from "../../domain/api.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { CallFailure, TransportRequest, TransportShape } from "./transport.js"

/** How a call goes out, besides what the declaration says (the transport's options). */
export type CallOptions = Pick<TransportRequest, "withSession" | "authJsonHeader" | "bare" | "headers">

/** What one call sends: path parameters and the body in their decoded form, the query as it travels. */
export type CallInput<D extends EndpointSpec, V extends AccessType> = ([PathParams<D["path"]>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: ParamsOf<D> }) &
  ([QueryEncoded<D>] extends [never] ? { readonly query?: undefined } : { readonly query?: QueryEncoded<D> }) &
  ([BodyAt<D, V>] extends [never] ? { readonly body?: undefined } : { readonly body: BodyAt<D, V> }) & {
    readonly options?: CallOptions
  }

/**
 * What a call can fail with: the documented known errors, the pipeline's own, and a body or a path parameter
 * that does not fit its schema.
 */
export type CallFailureAt<D extends EndpointSpec, V extends AccessType> =
  | CallFailure<ErrorTagsAt<D, V>>
  | ([BodyAt<D, V>] extends [never] ? (D extends { readonly params: object } ? InvalidInput : never) : InvalidInput)

/** The answer of a call: the decoded success, or the text of a raw answer. */
export type AnswerAt<D extends EndpointSpec, V extends AccessType> = D["success"] extends { readonly raw: string }
  ? string
  : SuccessAt<D, V>

/**
 * What calling a declaration as a view needs besides the transport and the input, worked out once: for a
 * table's row when the table is declared (the row holds it), for `caller` when the service is built.
 */
export interface CallPlan {
  readonly call: (
    transport: TransportShape,
    input: CallInput<EndpointSpec, AccessType>
  ) => Effect.Effect<unknown, unknown>
}

/** The callers of a group of declarations (`{ get, update, ... }`), each as {@link caller} makes it. */
export type Callers<G extends Readonly<Record<string, EndpointSpec>>, V extends AccessType> = {
  readonly [K in keyof G]: (input: CallInput<G[K], V>) => Effect.Effect<AnswerAt<G[K], V>, CallFailureAt<G[K], V>>
}

/**
 * Whether a member is an Effect (`teams.list`), a function returning one (`teams.get(id)`), or a function
 * returning a Stream (`users.listAll()`).
 */
export type Kind = "effect" | "function" | "stream"

/** A member that is one call of an endpoint. */
export interface CallMember<
  D extends EndpointSpec,
  V extends AccessType,
  K extends Kind,
  Args extends ReadonlyArray<unknown>,
  Out
> {
  readonly _tag: "Call"
  readonly kind: K
  readonly endpoint: D
  /** The access type whose schemas and errors the member uses. */
  readonly view: V
  readonly input: (...args: Args) => CallInput<D, V>
  readonly output: ((answer: AnswerAt<D, V>) => Out) | undefined
  /** The call, worked out when the table is declared. */
  readonly plan: CallPlan
}

/** A member the implementation writes; `Sig` is its type, `changes` what its success makes stale. */
export interface CustomMember<Sig, K extends Kind> {
  readonly _tag: "Custom"
  readonly kind: K
  readonly changes: MemberChanges<Sig> | undefined
  /** Carries the member's type; never set. */
  readonly signature?: Sig
}

/**
 * A member that is every page of another member, as a Stream (`listAll` over `list`): built where the service's
 * tag is (lazy-service.ts), over the lazily loaded member, so the implementation carries no Stream code.
 */
export interface PagesMember<Sig> {
  readonly _tag: "Custom"
  readonly kind: "stream"
  /** Reads nothing stale. */
  readonly changes: undefined
  readonly pages: { readonly of: string; readonly pageSize: number }
  /** Carries the member's type; never set. */
  readonly signature?: Sig
}

/**
 * A read every program's first load makes (`CurrentUser.get`): written in the service's first-load module
 * (`users/current-user-first-load.ts`, `makeCurrentUserFirstLoad`) and built with the service's layer, so
 * it runs without waiting for the lazily loaded implementations; the table's other members still load on
 * their first call. It makes nothing stale.
 */
export interface FirstLoadMember<Sig> {
  readonly _tag: "Custom"
  readonly kind: KindOf<Sig>
  /** Reads nothing stale. */
  readonly changes: undefined
  readonly firstLoad: true
  /** Carries the member's type; never set. */
  readonly signature?: Sig
}

/** What a custom member's success makes stale: fixed keys, or keys computed from its arguments. */
export type MemberChanges<Sig> = Sig extends (...args: infer Args) => unknown
  ? ReadonlyArray<DataKey> | ((...args: Args) => ReadonlyArray<DataKey>)
  : ReadonlyArray<DataKey>

/** The kind of a member's type. */
export type KindOf<Sig> =
  Sig extends Effect.Effect<infer _A, infer _E, infer _R>
    ? "effect"
    : Sig extends (...args: infer _P) => Stream.Stream<infer _A, infer _E, infer _R>
      ? "stream"
      : "function"

/** A service's table of members. */
export type ServiceCalls = {
  readonly [member: string]: AnyCallMember | CustomMember<unknown, Kind>
}

/** Any call member, as the generic code sees it. */
interface AnyCallMember {
  readonly _tag: "Call"
  readonly kind: Kind
  readonly endpoint: EndpointSpec
  readonly view: AccessType
  readonly input: (...args: ReadonlyArray<never>) => object
  readonly output: ((answer: never) => unknown) | undefined
  readonly plan: CallPlan
}

/** The type of one member. */
export type MemberShape<M> =
  M extends CallMember<infer D, infer V, infer K, infer Args, infer Out>
    ? K extends "effect"
      ? Effect.Effect<Out, CallFailureAt<D, V>>
      : (...args: Args) => Effect.Effect<Out, CallFailureAt<D, V>>
    : M extends CustomMember<infer Sig, infer _K>
      ? Sig
      : never

/** The service's shape: one member per entry of its table, with the entry's doc comment. */
export type ShapeOf<C> = { readonly [K in keyof C]: MemberShape<C[K]> }

/** The members the implementation writes itself. */
export type CustomPart<C> = {
  readonly [
    K in keyof C as C[K] extends PagesMember<infer _S> | FirstLoadMember<infer _F>
      ? never
      : C[K] extends CustomMember<infer _S, infer _K>
        ? K
        : never
  ]: MemberShape<C[K]>
}

/** The members the service's first-load module writes (see {@link FirstLoadMember}). */
export type FirstLoadPart<C> = {
  readonly [K in keyof C as C[K] extends FirstLoadMember<infer _S> ? K : never]: MemberShape<C[K]>
}

/** The error channel of a member of a table. */
export type FailureOfMember<C, K extends keyof C> =
  MemberShape<C[K]> extends Effect.Effect<infer _A, infer E, infer _R>
    ? E
    : MemberShape<C[K]> extends (...args: infer _P) => Effect.Effect<infer _A, infer E, infer _R>
      ? E
      : never

/** The arguments of a member (none for an Effect). */
export type MemberArgs<M> = MemberShape<M> extends (...args: infer Args) => unknown ? Args : []
