/**
 * Team invitations (`/team-invitations`): sending one by email (a client needs `$invite_members`),
 * listing a team's pending ones (`$read_members` and `$invite_members`), revoking (`$remove_members`),
 * the three uses of the emailed code (check, details and accept), and the invitations a user received:
 * listed with `?user_id=` and accepted by id (a client names only itself).
 */
import * as Effect from "effect/Effect"
import { TeamInvitationsApi } from "@stackfx/lib/contract/team-invitations.js"
import { serve, unreachable } from "../../http/serve.js"
import {
  acceptInvitation,
  acceptReceived,
  checkInvitationCode,
  invitationDetails,
  listInvitations,
  listReceived,
  sendInvitation
} from "../../operations/teams/team-invitations.js"
import {
  clientMayManageInvitations,
  clientUnrestricted,
  invitationListTarget,
  invitedUser,
  revokeInvitationAs
} from "../../operations/teams/team-actors.js"
import { clientNeedsTeamPermission, clientTeamGuard, signedInUser } from "../../operations/acting-user.js"

export const routes = [
  serve(TeamInvitationsApi.send, ({ auth, body }) =>
    Effect.gen(function* () {
      yield* clientNeedsTeamPermission(auth, body.teamId, "$invite_members")
      // Checked again by the invitation's own insert, so a grant revoked meanwhile is seen.
      const guard = yield* clientTeamGuard(auth, "$invite_members")
      const id = yield* sendInvitation(
        auth.project,
        { teamId: body.teamId, email: body.email.trim(), callbackUrl: body.callbackUrl },
        guard
      )
      return { success: true as const, id }
    })
  ),
  serve(TeamInvitationsApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      const target = yield* invitationListTarget(auth, query)
      if ("userId" in target)
        return { items: yield* listReceived(auth.project.id, target.userId), isPaginated: false as const }
      yield* clientMayManageInvitations(auth, target.teamId, ["$read_members", "$invite_members"])
      return { items: yield* listInvitations(auth.project.id, target.teamId), isPaginated: false as const }
    })
  ),
  serve(TeamInvitationsApi.acceptById, ({ auth, params, query }) =>
    Effect.gen(function* () {
      const userId = yield* invitedUser(auth, query.user_id)
      yield* clientUnrestricted(auth)
      // The invitation is found among the user's received ones, of a team that exists, in the same transaction.
      yield* acceptReceived(auth.project, userId, params.id).pipe(unreachable("UserNotFound", "TeamNotFound"))
      return {}
    })
  ),
  serve(TeamInvitationsApi.revoke, ({ auth, params, query }) =>
    Effect.gen(function* () {
      // The delete checks the client's $remove_members itself; only a refused one reads why.
      yield* revokeInvitationAs(auth, query.team_id, params.id)
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
