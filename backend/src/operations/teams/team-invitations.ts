/**
 * Team invitations: an emailed single-use code (purpose `team_invitation`) whose data names the team.
 * The code has three uses: check, details (the team's name) and accept (join the team with
 * the project's member permissions). An invitation is listed while its code is unused and unexpired, to
 * its team and to the user it was sent to (once they verified the address), who may accept it by its id.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { TeamInvitation } from "@stackfx/lib/domain/team-invitation.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import type { RedirectUrlNotWhitelisted } from "@stackfx/lib/errors/known/sign-in.js"
import { TeamInvitationRestrictedUserNotAllowed, TeamNotFound } from "@stackfx/lib/errors/known/teams.js"
import type { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import type { TeamPermissionRequired } from "@stackfx/lib/errors/known/permissions.js"
import { VerificationCodeNotFound } from "@stackfx/lib/errors/known/verification.js"
import { randomId } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import {
  deleteInvitation,
  findReceivedInvitation,
  insertInvitation,
  type InvitationRow,
  listPendingInvitations,
  listReceivedInvitations
} from "../../store/teams/team-invitations.js"
import {
  findVerificationCode,
  markVerificationCodeUsed,
  type VerificationCodeRow
} from "../../store/auth/verification-codes.js"
import { CodeLifetimes } from "../codes/code-lifetimes.js"
import { type SendEmailError, sendCodeEmail } from "../email/email.js"
import { newEmailedCode, nonceOf, normalizeEmailedCode, redeemEmailedCode } from "../codes/emailed-codes.js"
import { ensureMembership, ensureTeam } from "../permissions/team-access.js"
import {
  memberPermissionGuard,
  type PermissionCheckError,
  refusedTeamWrite,
  requireTeamPermission
} from "../permissions/team-permissions.js"
import type { MemberPermissionGuard } from "../../store/teams/team-permissions.js"
import { joinIfAbsent } from "./teams.js"
import { CodePurpose, useCode, type VerificationCodeError } from "../codes/verification-codes.js"

/**
 * Emails an invitation to `email` and answers the invitation id. With a `guard` (a client inviting), the
 * invitation is written only while the inviting member holds the permission, checked by the insert itself in the
 * transaction that issues its code; the mail goes once both are stored.
 */
export const sendInvitation = (
  project: StoredProject,
  input: { readonly teamId: string; readonly email: string; readonly callbackUrl: string },
  guard?: MemberPermissionGuard
): Effect.Effect<
  string,
  TeamNotFound | RedirectUrlNotWhitelisted | SendEmailError | TeamPermissionRequired | PermissionCheckError,
  Db
> =>
  Effect.gen(function* () {
    const team = yield* ensureTeam(project.id, input.teamId)
    const lifetimes = yield* CodeLifetimes
    const invitationId = yield* randomId
    // Shaped like every emailed code (45 characters, attempts counted per tail), as the hosted service does.
    const fresh = yield* newEmailedCode
    const invite = (code: string) =>
      Effect.gen(function* () {
        const row = yield* findVerificationCode(project.id, CodePurpose.teamInvitation, code)
        if (row === undefined) return yield* Effect.die(new Error("the invitation code just issued is missing"))
        const inserted = yield* insertInvitation(
          {
            id: invitationId,
            projectId: project.id,
            teamId: team.id,
            recipientEmail: input.email,
            verificationCodeId: row.id,
            createdAt: new Date(yield* Clock.currentTimeMillis),
            expiresAt: row.expiresAt
          },
          guard
        )
        if (!inserted) return yield* refusedTeamWrite(project.id, team.id, guard)
      })
    yield* sendCodeEmail(
      {
        project,
        type: "team_invitation",
        to: input.email,
        callbackUrl: input.callbackUrl,
        teamDisplayName: team.displayName,
        purpose: CodePurpose.teamInvitation,
        ttlMillis: lifetimes.teamInvitation,
        data: { team_id: team.id, invitation_id: invitationId },
        code: fresh,
        nonce: nonceOf(fresh)
      },
      invite
    )
    return invitationId
  })

export const listInvitations = (projectId: string, teamId: string): DbEffect<ReadonlyArray<TeamInvitation>> =>
  Effect.gen(function* () {
    const now = new Date(yield* Clock.currentTimeMillis)
    const rows = yield* listPendingInvitations(projectId, teamId, now)
    return rows.map(invitationView)
  })

const invitationView = (row: InvitationRow): TeamInvitation => ({
  id: row.id,
  teamId: row.teamId,
  teamDisplayName: row.teamDisplayName,
  recipientEmail: row.recipientEmail,
  expiresAt: row.expiresAt
})

/**
 * The pending invitations sent to the user's verified e-mail addresses (`GET /team-invitations?user_id=`),
 * of teams that still exist. Hosted checks no team permission here: the invitation is the user's own.
 */
export const listReceived = (projectId: string, userId: string): DbEffect<ReadonlyArray<TeamInvitation>> =>
  Effect.gen(function* () {
    const now = new Date(yield* Clock.currentTimeMillis)
    return (yield* listReceivedInvitations(projectId, userId, now)).map(invitationView)
  })

/**
 * Accepts an invitation by its id for `userId` (`POST /team-invitations/{id}/accept?user_id=`): it must be
 * pending and sent to one of the user's verified addresses, otherwise VERIFICATION_CODE_NOT_FOUND, as
 * hosted answers for every one of those cases. The code is used and the user joins with the member
 * defaults unless already a member. Whether the caller may act for `userId` is the route's check.
 */
export const acceptReceived = (
  project: StoredProject,
  userId: string,
  invitationId: string
): DbEffect<void, VerificationCodeNotFound | TeamNotFound | UserNotFound> =>
  Effect.gen(function* () {
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* Db.transaction(
      Effect.gen(function* () {
        const invitation = yield* findReceivedInvitation(project.id, userId, invitationId, now)
        if (invitation === undefined || invitation.verificationCodeId === null) {
          return yield* Effect.fail(new VerificationCodeNotFound({}))
        }
        // The update decides a race between two accepts of the same invitation: the second finds it used.
        if (!(yield* markVerificationCodeUsed(project.id, invitation.verificationCodeId, now))) {
          return yield* Effect.fail(new VerificationCodeNotFound({}))
        }
        yield* joinIfAbsent(project, invitation.teamId, userId)
      })
    )
  })

const REMOVE_MEMBERS = "$remove_members"

/**
 * Revokes an invitation of the team and its code in one statement. A client revokes as `memberId`, holding
 * `$remove_members`, which the delete itself checks; only a refused delete reads why, in the service's order
 * (see `mayManageInvitations`), and an unknown id is VERIFICATION_CODE_NOT_FOUND (it names the code).
 */
export const revokeInvitation = (
  projectId: string,
  teamId: string,
  invitationId: string,
  memberId: string | undefined
): DbEffect<void, VerificationCodeNotFound | TeamNotFound | TeamPermissionRequired | PermissionCheckError> =>
  Effect.gen(function* () {
    const guard = memberId === undefined ? undefined : memberPermissionGuard(memberId, REMOVE_MEMBERS)
    if (yield* deleteInvitation(projectId, teamId, invitationId, guard)) return
    yield* mayManageInvitations(projectId, teamId, memberId, [REMOVE_MEMBERS])
    return yield* Effect.fail(new VerificationCodeNotFound({}))
  })

const teamIdOf = (row: VerificationCodeRow): string | undefined => {
  const data = row.data
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined
  const teamId = (data as { readonly [key: string]: unknown })["team_id"]
  return typeof teamId === "string" ? teamId : undefined
}

/** The team a code invites to; a code whose team is gone is as good as no code. */
const invitedTeam = (projectId: string, row: VerificationCodeRow) =>
  Effect.gen(function* () {
    const teamId = teamIdOf(row)
    if (teamId === undefined) return yield* Effect.fail(new VerificationCodeNotFound({}))
    return yield* ensureTeam(projectId, teamId)
  })

/** A restricted user (anonymous, unverified, restricted by an admin) may not join through an invitation. */
export const unrestricted = (user: ServerUser) =>
  user.restrictedReason === null
    ? Effect.void
    : Effect.fail(new TeamInvitationRestrictedUserNotAllowed({ details: { restricted_reason: user.restrictedReason } }))

/** Whether the code can still be used; fails with the verification-code state otherwise. */
export const checkInvitationCode = (projectId: string, code: string): DbEffect<void, VerificationCodeError> =>
  Effect.asVoid(redeemEmailedCode(projectId, CodePurpose.teamInvitation, code, "check"))

/** The team display name of a usable code. */
export const invitationDetails = (
  projectId: string,
  user: ServerUser,
  code: string
): DbEffect<
  { readonly teamDisplayName: string },
  VerificationCodeError | TeamInvitationRestrictedUserNotAllowed | TeamNotFound
> =>
  Effect.gen(function* () {
    yield* unrestricted(user)
    const row = yield* redeemEmailedCode(projectId, CodePurpose.teamInvitation, code, "check")
    const team = yield* invitedTeam(projectId, row)
    return { teamDisplayName: team.displayName }
  })

/** Uses the code and makes the user a member (nothing changes when they already are one). */
export const acceptInvitation = (
  project: StoredProject,
  user: ServerUser,
  code: string
): DbEffect<void, VerificationCodeError | TeamInvitationRestrictedUserNotAllowed | TeamNotFound | UserNotFound> =>
  Effect.gen(function* () {
    yield* unrestricted(user)
    // The check counts the attempt outside the transaction, so a failed guess is never rolled back.
    yield* redeemEmailedCode(project.id, CodePurpose.teamInvitation, code, "check")
    yield* Db.transaction(
      Effect.gen(function* () {
        const row = yield* useCode(project.id, CodePurpose.teamInvitation, normalizeEmailedCode(code))
        const team = yield* invitedTeam(project.id, row)
        yield* joinIfAbsent(project, team.id, user.id)
      })
    )
  })

/**
 * Whether a team's invitations may be managed: by a member (`memberId`, a client's signed-in user) holding
 * every one of `permissionIds`, or without a member (server and admin) when the team exists.
 */
export const mayManageInvitations = (
  projectId: string,
  teamId: string,
  memberId: string | undefined,
  permissionIds: ReadonlyArray<string>
) =>
  Effect.gen(function* () {
    if (memberId === undefined) {
      yield* ensureTeam(projectId, teamId)
      return
    }
    yield* ensureMembership(projectId, teamId, memberId)
    for (const permissionId of permissionIds) {
      yield* requireTeamPermission({ projectId, teamId, userId: memberId, permissionId }, "required")
    }
  })
