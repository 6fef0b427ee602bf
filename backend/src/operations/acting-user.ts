/**
 * Who the caller acts as, for the team routes and their neighbours: who "me" is (the request's signed-in
 * user), and the client's act-only-for-yourself rule. Takes only the signed-in user of the request's
 * authentication, so it knows nothing of HTTP.
 */
import * as Effect from "effect/Effect"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { CannotGetOwnUserWithoutUser } from "@stackfx/lib/errors/known/users.js"
import { Refused } from "../errors/refused.js"

/** The caller: the signed-in user, when the request has one. */
export interface Actor {
  readonly user: ServerUser | undefined
}

/** The signed-in user for reads about "me" (CANNOT_GET_OWN_USER_WITHOUT_USER without one). */
export const ownUser = (actor: Actor): Effect.Effect<ServerUser, CannotGetOwnUserWithoutUser> =>
  actor.user === undefined ? Effect.fail(new CannotGetOwnUserWithoutUser({})) : Effect.succeed(actor.user)

/** The signed-in user for actions (USER_AUTHENTICATION_REQUIRED without one). */
export const signedInUser = (actor: Actor): Effect.Effect<ServerUser, UserAuthenticationRequired> =>
  actor.user === undefined ? Effect.fail(new UserAuthenticationRequired({})) : Effect.succeed(actor.user)

/** `"me"` resolved to the signed-in user's id; any other value as it is. */
export const resolveUserId = (actor: Actor, raw: string): Effect.Effect<string, CannotGetOwnUserWithoutUser> =>
  raw === "me" ? Effect.map(ownUser(actor), (user) => user.id) : Effect.succeed(raw)

/** A client may only name itself: refused (forbidden, a plain 403 like the hosted service) for anyone else. */
export const clientSelfOnly = (
  actor: Actor,
  userId: string | undefined,
  what: string
): Effect.Effect<ServerUser, CannotGetOwnUserWithoutUser | Refused> =>
  Effect.gen(function* () {
    const me = yield* ownUser(actor)
    if (userId !== me.id) {
      return yield* Effect.fail(
        new Refused({
          reason: "forbidden",
          message: `Client can only ${what} for their own user. user_id must be either "me" or the ID of the current user`
        })
      )
    }
    return me
  })
