/**
 * Whose sessions the acting caller reaches, in the hosted service's order of checks and with its refusals:
 * the sessions side of the actor policy (../acting-user.ts). A client reaches only its own user's sessions
 * and never sees an impersonation; a server or admin names any user, and only an admin sees impersonations.
 */
import * as Effect from "effect/Effect"
import { UserIdDoesNotExist } from "@stackfx/lib/errors/known/users.js"
import { type Actor, existingUser, forbidden, namedUser, ownUser, resolveUserId } from "../acting-user.js"
import { liveSessions } from "./sessions.js"

/** The user whose sessions are listed or ended: `"me"` or an id, a client only itself (a plain 403). */
export const sessionOwner = (actor: Actor, requested: string) =>
  namedUser(actor, requested, ownUser, () => forbidden("Client can only list sessions for their own user."))

/** The user a server creates a session for (`"me"` resolved), who must exist (USER_ID_DOES_NOT_EXIST). */
export const sessionSubject = (actor: Actor, requested: string) =>
  Effect.gen(function* () {
    const userId = yield* resolveUserId(actor, requested)
    yield* existingUser(actor, userId, () => new UserIdDoesNotExist({ details: { user_id: userId } }))
    return userId
  })

/** The user's live sessions the actor may see: impersonations only for an admin. */
export const sessionsSeenBy = (actor: Actor, userId: string) =>
  Effect.map(liveSessions(actor.project.id, userId), (rows) =>
    rows.filter((row) => actor.accessType === "admin" || !row.isImpersonation)
  )
