/**
 * Team invitations (`/team-invitations`): sending one by email (a client needs `$invite_members`),
 * listing a team's pending ones (`$read_members` and `$invite_members`), revoking (`$remove_members`),
 * the three uses of the emailed code (check, details and accept), and the invitations a user received:
 * listed with `?user_id=` and accepted by id (a client names only itself).
 */
import * as Effect from "effect/Effect"
import { TeamInvitationsApi } from "@stackfx/lib/contract/team-invitations.js"
import { CannotGetOwnUserWithoutUser } from "@stackfx/lib/errors/known/users.js"
import type { Auth } from "../../http/auth.js"
import { serve, unreachable } from "../../http/serve.js"
import { Refused } from "../../errors/refused.js"
import {
  acceptInvitation,
  acceptReceived,
  checkInvitationCode,
  invitationDetails,
  listInvitations,
  listReceived,
  mayManageInvitations,
  revokeInvitation,
  sendInvitation,
  unrestricted
} from "../../operations/teams/team-invitations.js"
import { requirePermissionInTeam } from "../../operations/teams/team-permissions.js"
import { ownUser, resolveUserId, signedInUser } from "../../operations/acting-user.js"

const invalid = (message: string) => Effect.fail(new Refused({ reason: "invalid", message }))

/**
 * The user a received-invitations call names. A client may name only itself, and hosted answers
 * CANNOT_GET_OWN_USER_WITHOUT_USER (not a 403) when it names someone else; a server names anyone.
 */
const invitedUser = (auth: Auth, raw: string) =>
  Effect.gen(function* () {
    if (auth.accessType !== "client") return yield* resolveUserId(auth, raw)
    const me = yield* ownUser(auth)
    if (raw !== "me" && raw !== me.id) return yield* Effect.fail(new CannotGetOwnUserWithoutUser({}))
    return me.id
  })

/** A client manages a team's invitations as a member holding every one of `permissionIds`. */
const clientMayManage = (auth: Auth, teamId: string, permissionIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const memberId = auth.accessType === "client" ? (yield* ownUser(auth)).id : undefined
    yield* mayManageInvitations(auth.project.id, teamId, memberId, permissionIds)
  })

export const routes = [
  serve(TeamInvitationsApi.send, ({ auth, body }) =>
    Effect.gen(function* () {
      if (auth.accessType === "client") {
        const user = yield* signedInUser(auth)
        yield* requirePermissionInTeam({
          projectId: auth.project.id,
          teamId: body.teamId,
          userId: user.id,
          permissionId: "$invite_members"
        })
      }
      const id = yield* sendInvitation(auth.project, {
        teamId: body.teamId,
        email: body.email.trim(),
        callbackUrl: body.callbackUrl
      })
      return { success: true as const, id }
    })
  ),
  serve(TeamInvitationsApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      // Hosted's plain 400s, word for word.
      if (query.team_id !== undefined && query.user_id !== undefined) {
        return yield* invalid("Cannot specify both team_id and user_id")
      }
      if (query.user_id !== undefined) {
        const userId = yield* invitedUser(auth, query.user_id)
        return { items: yield* listReceived(auth.project.id, userId), isPaginated: false as const }
      }
      if (query.team_id === undefined) return yield* invalid("Must specify either team_id or user_id")
      yield* clientMayManage(auth, query.team_id, ["$read_members", "$invite_members"])
      return { items: yield* listInvitations(auth.project.id, query.team_id), isPaginated: false as const }
    })
  ),
  serve(TeamInvitationsApi.acceptById, ({ auth, params, query }) =>
    Effect.gen(function* () {
      const userId = yield* invitedUser(auth, query.user_id)
      // Only a client is held to the restriction, as hosted does: a server accepts for anyone.
      if (auth.accessType === "client" && auth.user !== undefined) yield* unrestricted(auth.user)
      // The invitation is found among the user's received ones, of a team that exists, in the same transaction.
      yield* acceptReceived(auth.project, userId, params.invitation_id).pipe(
        unreachable("UserNotFound", "TeamNotFound")
      )
      return {}
    })
  ),
  serve(TeamInvitationsApi.revoke, ({ auth, params, query }) =>
    Effect.gen(function* () {
      yield* clientMayManage(auth, query.team_id, ["$remove_members"])
      yield* revokeInvitation(auth.project.id, query.team_id, params.invitation_id)
      return { success: true as const }
    })
  ),
  serve(TeamInvitationsApi.checkCode, ({ auth, body }) =>
    Effect.as(checkInvitationCode(auth.project.id, body.code), { is_code_valid: true as const })
  ),
  serve(TeamInvitationsApi.details, ({ auth, body }) =>
    Effect.gen(function* () {
      const user = yield* signedInUser(auth)
      return yield* invitationDetails(auth.project.id, user, body.code)
    })
  ),
  serve(TeamInvitationsApi.accept, ({ auth, body }) =>
    Effect.gen(function* () {
      const user = yield* signedInUser(auth)
      yield* acceptInvitation(auth.project, user, body.code)
      return {}
    })
  )
]
