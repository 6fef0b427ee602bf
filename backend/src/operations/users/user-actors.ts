/**
 * Whose contact channels and notification preferences the acting caller reaches, in the hosted service's
 * order of checks and with its refusals: the users side of the actor policy (../acting-user.ts). A client
 * reaches only its own user's; a server or admin anyone's of the project.
 */
import * as Effect from "effect/Effect"
import { UserIdDoesNotExist, UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { type Actor, existingUser, forbidden, invalid, namedUser, ownUser, signedInUser } from "../acting-user.js"

/** What is done to a user's contact channels, as the refusals name it. */
export type ChannelAction = "list" | "create" | "read" | "update" | "delete" | "send a verification code for"

/**
 * The user whose contact channels a request reaches: `"me"` is the signed-in user
 * (CANNOT_GET_OWN_USER_WITHOUT_USER without one); a client may only name itself (a plain 403 naming the
 * action), a server anyone of the project, and must name someone (a plain 400).
 */
export const channelOwner = (actor: Actor, requested: string | undefined, action: ChannelAction) =>
  Effect.gen(function* () {
    const userId = yield* namedUser(actor, requested, ownUser, () =>
      forbidden(`Client can only ${action} contact channels for their own user.`)
    )
    if (userId === undefined) return yield* Effect.fail(invalid("user_id is required."))
    return userId
  })

/** A listing's user: every user's channels for a server naming none, else `channelOwner`'s. */
export const listedChannelOwner = (actor: Actor, requested: string | undefined) =>
  actor.accessType !== "client" && requested === undefined
    ? Effect.succeed(undefined)
    : channelOwner(actor, requested, "list")

/** The user a new channel is for: `channelOwner`'s, which a server's must exist (USER_ID_DOES_NOT_EXIST). */
export const newChannelOwner = (actor: Actor, requested: string | undefined) =>
  Effect.gen(function* () {
    const userId = yield* channelOwner(actor, requested, "create")
    if (actor.accessType !== "client") {
      yield* existingUser(actor, userId, () => new UserIdDoesNotExist({ details: { user_id: userId } }))
    }
    return userId
  })

/** The user a verification e-mail of a channel goes to: `channelOwner`'s, existing (USER_ID_DOES_NOT_EXIST). */
export const verifiedChannelOwner = (actor: Actor, requested: string) =>
  Effect.gen(function* () {
    const userId = yield* channelOwner(actor, requested, "send a verification code for")
    if (actor.user?.id === userId) return actor.user
    return yield* existingUser(actor, userId, () => new UserIdDoesNotExist({ details: { user_id: userId } }))
  })

/**
 * The user whose notification preferences a request reaches, as the hosted handlers check it: `"me"` needs
 * a signed-in user, a client must be signed in and may name only itself, and the user must exist
 * (USER_NOT_FOUND, the hosted `ensureUserExists`).
 */
export const preferenceOwner = (actor: Actor, requested: string, verb: "view" | "manage") =>
  Effect.gen(function* () {
    const userId = yield* namedUser(actor, requested, signedInUser, () =>
      forbidden(`You can only ${verb} your own notification preferences`)
    )
    yield* existingUser(actor, userId, () => new UserNotFound({}))
    return userId
  })

/**
 * The signed-in user deleting their own account: CANNOT_GET_OWN_USER_WITHOUT_USER without one, then for a client
 * only where the project lets clients delete their user (the service's plain 400 otherwise).
 */
export const ownUserToDelete = (actor: Actor, clientDeletionEnabled: boolean) =>
  Effect.flatMap(ownUser(actor), (user) =>
    actor.accessType === "client" && !clientDeletionEnabled
      ? Effect.fail(invalid("Client user deletion is not enabled for this project"))
      : Effect.succeed(user)
  )
