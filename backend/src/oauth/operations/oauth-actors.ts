/**
 * Whose OAuth links and connected accounts the acting caller may reach, in the hosted service's order of
 * checks and with its refusals: the OAuth side of the actor policy (../acting-user.ts). A client reaches
 * only its own user's; a server or admin anyone's, the user having to exist.
 */
import * as Effect from "effect/Effect"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { type Actor, existingUser, forbidden, namedUser, ownUser, signedInUser } from "../../operations/acting-user.js"
import { tokenProvider } from "./connected-accounts.js"

const userNotFound = () => new UserNotFound({})

/**
 * The user a connected-account token request names: `"me"` or none (the oldest path's own token) is the
 * signed-in user (USER_AUTHENTICATION_REQUIRED without one), the client itself (a plain 403 for anyone else, signed in or not) or any existing user for a
 * server. The provider is checked between the two, in hosted's order: an unknown or shared provider is
 * answered before an unknown user.
 */
export const tokenUser = (
  actor: Actor & { readonly project: StoredProject },
  requested: string | undefined,
  providerId: string
) =>
  Effect.gen(function* () {
    if (requested === undefined || requested === "me") return (yield* signedInUser(actor)).id
    if (actor.accessType === "client" && actor.user?.id !== requested) {
      return yield* Effect.fail(forbidden("Client can only access its own connected accounts"))
    }
    yield* tokenProvider(actor.project, providerId)
    return (yield* existingUser(actor, requested, userNotFound)).id
  })

/** The user whose connected accounts are listed: a client only itself (a plain 403 for anyone else), a server any existing user. */
export const connectedAccountsOwner = (actor: Actor, requested: string) =>
  Effect.gen(function* () {
    const userId = yield* namedUser(actor, requested, ownUser, () =>
      forbidden("Client can only list connected accounts for their own user.")
    )
    if (actor.accessType !== "client") yield* existingUser(actor, userId, userNotFound)
    return userId
  })

/** What is done to a user's OAuth links, as the refusals name it. */
export type LinkAction = "read" | "list" | "update" | "delete"

/**
 * The user whose OAuth links a request reaches, `"me"` resolved: a client only itself (its own user
 * first: without one, CANNOT_GET_OWN_USER_WITHOUT_USER; a plain 403 naming the action for anyone else), a
 * server anyone or, naming none, every user; the user must exist.
 */
export const linkOwner = <const Raw extends string | undefined>(actor: Actor, requested: Raw, action: LinkAction) =>
  Effect.gen(function* () {
    const userId = yield* namedUser(actor, requested, ownUser, () =>
      forbidden(`Client can only ${action} OAuth providers for their own user.`)
    )
    if (userId === undefined) return userId
    yield* existingUser(actor, userId, userNotFound)
    return userId
  })
