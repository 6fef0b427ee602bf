/**
 * How an endpoint service narrows a transport call's error channel to what that endpoint documents.
 *
 * Every call fails with its documented known errors plus {@link CallError}: the pipeline's own failures and
 * `UnexpectedKnownError` for any other known error, so `Effect.catchTags` over a call can be exhaustive.
 */
import * as Effect from "effect/Effect"
import type { InvalidTokenString } from "../../errors/client/session.js"
import { UnexpectedKnownError } from "../../errors/client/unexpected-known-error.js"
import type { KnownError, KnownErrorTag } from "../../errors/known/registry.js"
import type { AnonymousAuthenticationNotAllowed } from "../../errors/known/session.js"
import { isKnownError } from "../../errors/known/type-id.js"
import type { RestrictedUserNotAllowed } from "../../errors/known/users.js"
import type { TransportError } from "./transport.js"

/**
 * The service's refusal of the session's user, possible on any call that sends an access token: an
 * anonymous user's session without `X-Stack-Allow-Anonymous-User`, a restricted user's without an allow
 * header (see `AllowedUsers`, wire/transport-request.ts). Part of every call's channel: whether a call sends a token depends on
 * the session at run time, not on the call.
 */
export type SessionUserRefused = RestrictedUserNotAllowed | AnonymousAuthenticationNotAllowed

/** The tags of {@link SessionUserRefused}, kept by every narrowing. */
const sessionUserRefusedTags = ["RestrictedUserNotAllowed", "AnonymousAuthenticationNotAllowed"] as const

/** What any call can fail with besides its documented known errors. */
export type CallError = TransportError | InvalidTokenString | UnexpectedKnownError | SessionUserRefused

/** The known errors whose tags are listed. */
export type KnownErrorOf<Tags extends KnownErrorTag> = Extract<KnownError, { readonly _tag: Tags }>

/** The error channel of a call documenting `Tags`. */
export type CallFailure<Tags extends KnownErrorTag = never> = KnownErrorOf<Tags> | CallError

/**
 * A service's error table: for each method, the known-error tags it documents. It is the one place they are
 * written: the Shape derives each method's error channel from it ({@link FailureOf}) and the implementation
 * narrows each call with it (`documented(...Table.method)`), so the two cannot disagree. A table lives in a
 * module of its own that the Shape imports as a type only, so a lazily loaded service's tags load with it.
 */
export type ErrorTable = { readonly [method: string]: ReadonlyArray<KnownErrorTag> }

/** The error channel of `method` in a service's error table. */
export type FailureOf<Table extends ErrorTable, Method extends keyof Table> = CallFailure<Table[Method][number]>

/**
 * Keeps the listed known errors, folds every other known error into `UnexpectedKnownError`.
 *
 * @example
 * transport.requestJson(req, ClientUser).pipe(documented("UserNotFound"))
 */
export const documented = <const Tags extends ReadonlyArray<KnownErrorTag>>(...tags: Tags) => {
  const narrow = narrowedTo(...tags)
  return <A, E, R>(
    self: Effect.Effect<A, E, R>
  ): Effect.Effect<
    A,
    Exclude<E, KnownError> | KnownErrorOf<Tags[number]> | UnexpectedKnownError | SessionUserRefused,
    R
  > => Effect.mapError(self, narrow)
}

/**
 * {@link documented} as a function of one error, for a call that also handles some errors itself and
 * does both in one step.
 * @internal
 */
export const narrowedTo = <const Tags extends ReadonlyArray<KnownErrorTag>>(...tags: Tags) => {
  const allowed: ReadonlySet<string> = new Set([...tags, ...sessionUserRefusedTags])
  return <E>(
    error: E
  ): Exclude<E, KnownError> | KnownErrorOf<Tags[number]> | UnexpectedKnownError | SessionUserRefused => {
    if (!isKnownError(error) || allowed.has(error._tag)) {
      // A known error let through is one of `tags` or a refusal of the session's user.
      return error as Exclude<E, KnownError> | KnownErrorOf<Tags[number]> | SessionUserRefused
    }
    return new UnexpectedKnownError({
      code: error.code,
      status: error.status,
      details: error.details,
      message: error.message
    })
  }
}
