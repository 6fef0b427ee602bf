/**
 * What the acting caller may do to teams, their members, invitations and member profiles, in the hosted
 * service's order of checks and with its refusals: the team side of the actor policy (../acting-user.ts).
 * Server and admin act on any team; a client acts as its signed-in user, through the permissions it holds.
 */
import * as Effect from "effect/Effect"
import { clientImageRefused } from "@stackfx/lib/domain/rules/profile-image.js"
import { CannotGetOwnUserWithoutUser } from "@stackfx/lib/errors/known/users.js"
import {
  type Actor,
  clientMember,
  forbidden,
  invalid,
  namedUser,
  ownUser,
  resolveOptionalUserId,
  resolveUserId,
  signedInUser
} from "../acting-user.js"
import { mayManageInvitations, revokeInvitation, unrestricted } from "./team-invitations.js"
import { ensureFilterTargets, mayReadProfiles } from "./team-member-profiles.js"
import { memberPermissionGuard } from "../permissions/team-permissions.js"

/** The hosted refusal of a client's profile image that is a link rather than an uploaded image. */
export const clientProfileImage = (actor: Actor, url: string | null | undefined) =>
  actor.accessType === "client" && clientImageRefused(url)
    ? Effect.fail(invalid("Invalid profile image URL"))
    : Effect.void

/**
 * The creator of a new team: a client creates only for itself, when the project lets clients create teams;
 * a server names anyone (`"me"` resolved) or no one.
 */
export const teamCreator = (
  actor: Actor & { readonly project: { readonly config: { readonly clientTeamCreationEnabled: boolean } } },
  requested: string | undefined,
  profileImageUrl: string | null | undefined
) =>
  Effect.gen(function* () {
    if (actor.accessType !== "client") return yield* resolveOptionalUserId(actor, requested)
    const user = yield* signedInUser(actor)
    if (!actor.project.config.clientTeamCreationEnabled) {
      return yield* Effect.fail(forbidden("Client team creation is disabled for this project"))
    }
    yield* clientProfileImage(actor, profileImageUrl)
    if (requested !== undefined && requested !== "me" && requested !== user.id) {
      return yield* Effect.fail(
        forbidden(
          "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'."
        )
      )
    }
    return user.id
  })

/**
 * The member removed from a team (`"me"` resolved): leaving is always allowed, removing someone else takes
 * `$remove_members`, as a guard the removal checks in its own statement (teams.ts `removeMember`).
 */
export const removableMember = (actor: Actor, raw: string) =>
  Effect.gen(function* () {
    const userId = yield* resolveUserId(actor, raw)
    if (actor.accessType !== "client") return { userId, guard: undefined }
    const me = yield* ownUser(actor)
    return { userId, guard: userId === me.id ? undefined : memberPermissionGuard(me.id, "$remove_members") }
  })

/**
 * The user a received-invitations call names. A client may name only itself, and hosted answers
 * CANNOT_GET_OWN_USER_WITHOUT_USER (not a 403) when it names someone else; a server names anyone.
 */
export const invitedUser = (actor: Actor, raw: string) =>
  namedUser(actor, raw, ownUser, () => new CannotGetOwnUserWithoutUser({}))

/** Which received invitations a listing is about: a team's or a user's, never both, one of them always. */
export const invitationListTarget = (
  actor: Actor,
  query: { readonly team_id?: string | undefined; readonly user_id?: string | undefined }
) =>
  Effect.gen(function* () {
    // Hosted's plain 400s, word for word.
    if (query.team_id !== undefined && query.user_id !== undefined) {
      return yield* Effect.fail(invalid("Cannot specify both team_id and user_id"))
    }
    if (query.user_id !== undefined) return { userId: yield* invitedUser(actor, query.user_id) }
    if (query.team_id === undefined) return yield* Effect.fail(invalid("Must specify either team_id or user_id"))
    return { teamId: query.team_id }
  })

/** A client manages a team's invitations as a member holding every one of `permissionIds`. */
export const clientMayManageInvitations = (actor: Actor, teamId: string, permissionIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const memberId = yield* clientMember(actor, ownUser)
    yield* mayManageInvitations(actor.project.id, teamId, memberId, permissionIds)
  })

/** A revocation as the actor makes it: a client as its own user (signed in first), a server or admin as itself. */
export const revokeInvitationAs = (actor: Actor, teamId: string, invitationId: string) =>
  Effect.flatMap(clientMember(actor, ownUser), (memberId) =>
    revokeInvitation(actor.project.id, teamId, invitationId, memberId)
  )

/** A client reading someone else's profile in a team needs `$read_members` there. */
const clientMayReadProfiles = (actor: Actor, teamId: string, userId: string | undefined) =>
  Effect.gen(function* () {
    if (actor.accessType !== "client") return
    const me = yield* ownUser(actor)
    yield* mayReadProfiles(actor.project.id, teamId, me.id, userId)
  })

/**
 * The filter of a profile listing (`"me"` resolved): a client lists within a team it belongs to
 * (`team_id` required), anyone's but its own only with `$read_members`; a server's targets must exist.
 */
export const profileListFilter = (actor: Actor, query: { readonly team_id?: string; readonly user_id?: string }) =>
  Effect.gen(function* () {
    const userId = yield* resolveOptionalUserId(actor, query.user_id)
    const teamId = query.team_id
    if (actor.accessType === "client") {
      yield* ownUser(actor)
      if (teamId === undefined) return yield* Effect.fail(invalid("team_id is required for access type client"))
      yield* clientMayReadProfiles(actor, teamId, userId)
    } else {
      yield* ensureFilterTargets(actor.project.id, { teamId, userId })
    }
    return { teamId, userId }
  })

/** The member whose profile is read (`"me"` resolved), as `profileListFilter` lets a client read it. */
export const readableProfile = (actor: Actor, teamId: string, raw: string) =>
  Effect.gen(function* () {
    const userId = yield* resolveUserId(actor, raw)
    yield* clientMayReadProfiles(actor, teamId, userId)
    return userId
  })

/** The member whose profile is edited (`"me"` resolved): a client edits only its own. */
export const editableProfile = (actor: Actor, raw: string) =>
  Effect.gen(function* () {
    const userId = yield* resolveUserId(actor, raw)
    if (actor.accessType === "client" && userId !== (yield* ownUser(actor)).id) {
      return yield* Effect.fail(forbidden("Cannot update another user's profile"))
    }
    return userId
  })

/** The team member a client reads a team as (its signed-in user), or none for a server or admin. */
export const teamReader = (actor: Actor) => clientMember(actor, signedInUser)

/** Only a client is held to the restriction on joining, as hosted does: a server accepts for anyone. */
export const clientUnrestricted = (actor: Actor) =>
  actor.accessType === "client" && actor.user !== undefined ? unrestricted(actor.user) : Effect.void
