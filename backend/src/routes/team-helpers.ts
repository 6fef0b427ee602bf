/**
 * What the team route files share (not a route group itself): who "me" is, the client's
 * act-only-for-yourself rule, and path parameters (bodies by tier: ../http/tier-body.ts).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { PermissionId } from "@stackfx/lib/domain/team-permission.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { CannotGetOwnUserWithoutUser } from "@stackfx/lib/errors/known/users.js"
import type { Auth } from "../http/auth.js"
import { validate } from "../http/request.js"
import { HttpStatusError } from "../http/respond.js"

type Request = { readonly method: string; readonly originalUrl: string }

/** The signed-in user for reads about "me" (CANNOT_GET_OWN_USER_WITHOUT_USER without one). */
export const ownUser = (auth: Auth): Effect.Effect<ServerUser, CannotGetOwnUserWithoutUser> =>
  auth.user === undefined ? Effect.fail(new CannotGetOwnUserWithoutUser({})) : Effect.succeed(auth.user)

/** The signed-in user for actions (USER_AUTHENTICATION_REQUIRED without one). */
export const signedInUser = (auth: Auth): Effect.Effect<ServerUser, UserAuthenticationRequired> =>
  auth.user === undefined ? Effect.fail(new UserAuthenticationRequired({})) : Effect.succeed(auth.user)

/** `"me"` resolved to the signed-in user's id; any other value as it is. */
export const resolveUserId = (auth: Auth, raw: string): Effect.Effect<string, CannotGetOwnUserWithoutUser> =>
  raw === "me" ? Effect.map(ownUser(auth), (user) => user.id) : Effect.succeed(raw)

/** A path parameter the router matched (always present; an empty string is impossible by routing). */
export const param = (params: Readonly<Record<string, string | undefined>>, name: string): string => params[name] ?? ""

/** A client may only name itself: a 403 (plain, like the hosted service) for anyone else. */
export const clientSelfOnly = (auth: Auth, userId: string | undefined, what: string) =>
  Effect.gen(function*() {
    const me = yield* ownUser(auth)
    if (userId !== me.id) {
      return yield* Effect.fail(
        new HttpStatusError({
          status: 403,
          message: `Client can only ${what} for their own user. user_id must be either "me" or the ID of the current user`
        })
      )
    }
    return me
  })


/** A permission id from the path, checked against the id pattern. */
export const permissionIdParam = (raw: string, request: Request): Effect.Effect<string, SchemaError> =>
  validate(PermissionId, "params.permission_id", raw, request)

/** A non-empty string. */
export const NonEmptyString = Schema.String.check(Schema.isMinLength(1))

/** A plausible email address: something@something, no spaces. */
export { EmailAddress } from "@stackfx/lib/domain/rules/email.js"
