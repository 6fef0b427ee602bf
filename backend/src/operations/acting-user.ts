/**
 * The actor policy: who is acting (the request's signed-in user, under its access type), who a request's
 * `"me"` is, which users a client may name (only itself) and what a client needs to act on a team. Every
 * route asks here instead of deciding; each refusal is the hosted service's for that route, so the routes
 * pick the variant they need (which error a missing user gets, how naming someone else is refused). Takes
 * only the caller's access type, project and signed-in user, so it knows nothing of HTTP.
 */
import * as Effect from "effect/Effect"
import type { AccessType } from "@stackfx/lib/domain/api.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { CannotGetOwnUserWithoutUser } from "@stackfx/lib/errors/known/users.js"
import { Refused } from "../errors/refused.js"
import type { DbEffect } from "../store/db.js"
import { memberPermissionGuard, requirePermissionInTeam } from "./permissions/team-permissions.js"
import { findUserView } from "../store/users/users.js"

/** The caller: its access type, its project and the signed-in user, when the request has one. */
export interface Actor {
  readonly accessType: AccessType
  readonly project: { readonly id: string }
  readonly user: ServerUser | undefined
}

/** The signed-in user, or the refusal for a request without one. */
export type SignedIn<E> = (actor: Actor) => Effect.Effect<ServerUser, E>

/** The signed-in user for reads about "me" (CANNOT_GET_OWN_USER_WITHOUT_USER without one). */
export const ownUser: SignedIn<CannotGetOwnUserWithoutUser> = (actor) =>
  actor.user === undefined ? Effect.fail(new CannotGetOwnUserWithoutUser({})) : Effect.succeed(actor.user)

/** The signed-in user for actions (USER_AUTHENTICATION_REQUIRED without one). */
export const signedInUser: SignedIn<UserAuthenticationRequired> = (actor) =>
  actor.user === undefined ? Effect.fail(new UserAuthenticationRequired({})) : Effect.succeed(actor.user)

/** The hosted service's plain 403 with its text. */
export const forbidden = (message: string): Refused => new Refused({ reason: "forbidden", message })

/** The hosted service's plain 400 with its text. */
export const invalid = (message: string): Refused => new Refused({ reason: "invalid", message })

/** `"me"` resolved to the signed-in user's id; any other value as it is. */
export const resolveUserId = (actor: Actor, raw: string): Effect.Effect<string, CannotGetOwnUserWithoutUser> =>
  raw === "me" ? Effect.map(ownUser(actor), (user) => user.id) : Effect.succeed(raw)

/** `"me"` resolved as `resolveUserId` does, or nothing when the request names no user. */
export const resolveOptionalUserId = (
  actor: Actor,
  raw: string | undefined
): Effect.Effect<string | undefined, CannotGetOwnUserWithoutUser> =>
  raw === undefined ? Effect.succeed(undefined) : resolveUserId(actor, raw)

/** A client may only name itself: refused (forbidden, a plain 403 like the hosted service) for anyone else. */
const clientSelfOnly = (
  actor: Actor,
  userId: string | undefined,
  what: string
): Effect.Effect<ServerUser, CannotGetOwnUserWithoutUser | Refused> =>
  Effect.gen(function* () {
    const me = yield* ownUser(actor)
    if (userId !== me.id) {
      return yield* Effect.fail(
        forbidden(
          `Client can only ${what} for their own user. user_id must be either "me" or the ID of the current user`
        )
      )
    }
    return me
  })

/**
 * The filter user of a listing (`user_id`, `"me"` resolved): a client's is always itself, refused as
 * `clientSelfOnly` refuses for anyone else; a server's is whatever it named, or none.
 */
export const listedUserId = (
  actor: Actor,
  raw: string | undefined,
  what: string
): Effect.Effect<string | undefined, CannotGetOwnUserWithoutUser | Refused> =>
  Effect.gen(function* () {
    const requested = yield* resolveOptionalUserId(actor, raw)
    return actor.accessType === "client" ? (yield* clientSelfOnly(actor, requested, what)).id : requested
  })

/**
 * The user a request names (`"me"` or an id, or none), as the actor may name it. A client must be signed in
 * (`signedIn` refuses otherwise) and may name only itself (`other` refuses anyone else, a missing name
 * included); a server or admin names anyone, `"me"` through `signedIn`, and naming none gives none.
 *
 * @example namedUser(actor, "me", ownUser, () => forbidden("Client can only list sessions for their own user."))
 */
export const namedUser = <E1, E2, const Raw extends string | undefined>(
  actor: Actor,
  requested: Raw,
  signedIn: SignedIn<E1>,
  other: () => E2
): Effect.Effect<string | Exclude<Raw, string>, E1 | E2> =>
  Effect.gen(function* () {
    if (actor.accessType === "client") {
      const me = yield* signedIn(actor)
      if (requested !== "me" && requested !== me.id) return yield* Effect.fail(other())
      return me.id
    }
    if (requested === "me") return (yield* signedIn(actor)).id
    return requested as string | Exclude<Raw, string>
  })

/** The id of a user of the actor's project, refused with `missing` when the project has none with it. */
export const existingUser = <E>(actor: Actor, userId: string, missing: () => E): DbEffect<ServerUser, E> =>
  Effect.flatMap(findUserView(actor.project.id, userId), (user) =>
    user === undefined ? Effect.fail(missing()) : Effect.succeed(user)
  )

/**
 * A client acts on a team only through a permission it holds there (signed in first:
 * USER_AUTHENTICATION_REQUIRED); a server or admin acts on any team.
 */
export const clientNeedsTeamPermission = (actor: Actor, teamId: string, permissionId: string) =>
  Effect.gen(function* () {
    if (actor.accessType !== "client") return
    const user = yield* signedInUser(actor)
    yield* requirePermissionInTeam({ projectId: actor.project.id, teamId, userId: user.id, permissionId })
  })

/**
 * What a client's write to a team needs: a permission its signed-in user holds there (signed in first:
 * USER_AUTHENTICATION_REQUIRED), as a guard the write checks in its own statement for the user authentication
 * already loaded; none for a server or admin, who act on any team.
 */
export const clientTeamGuard = (actor: Actor, permissionId: string) =>
  actor.accessType === "client"
    ? Effect.map(signedInUser(actor), (user) => memberPermissionGuard(user.id, permissionId))
    : Effect.succeed(undefined)

/** The member a client acts as in a team (its own user), or none for a server or admin. */
export const clientMember = <E>(actor: Actor, signedIn: SignedIn<E>): Effect.Effect<string | undefined, E> =>
  actor.accessType === "client" ? Effect.map(signedIn(actor), (user) => user.id) : Effect.succeed(undefined)
