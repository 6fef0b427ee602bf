/**
 * Repository of `team_invitations`. The secret is a verification code (purpose `team_invitation`); an
 * invitation is pending while its code is unused and unexpired.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../db.js"
import { rowDecoder, rowStruct, Timestamp } from "../rows.js"
import { holdsPermission, type MemberPermissionGuard } from "./team-permissions.js"

const InvitationRow = rowStruct({
  id: Schema.String,
  teamId: Schema.String,
  teamDisplayName: Schema.String,
  recipientEmail: Schema.String,
  verificationCodeId: Schema.NullOr(Schema.String),
  expiresAt: Timestamp
})
export type InvitationRow = typeof InvitationRow.Type
const invitationRows = rowDecoder(InvitationRow)

export interface NewInvitation {
  readonly id: string
  readonly projectId: string
  readonly teamId: string
  readonly recipientEmail: string
  readonly verificationCodeId: string
  readonly createdAt: Date
  readonly expiresAt: Date
}

/**
 * Inserts an invitation in one statement while its team exists and, with a `guard`, while the inviting member
 * holds the permission (team-permissions.ts `holdsPermission`); false when it was not inserted.
 */
export const insertInvitation = (
  invitation: NewInvitation,
  guard: MemberPermissionGuard | undefined
): DbEffect<boolean> => {
  const params: Array<unknown> = [
    invitation.projectId,
    invitation.teamId,
    invitation.id,
    invitation.recipientEmail,
    invitation.verificationCodeId,
    invitation.createdAt,
    invitation.expiresAt
  ]
  const permitted = guard === undefined ? "" : ` and ${holdsPermission(params, "$1", "$2", guard)}`
  return Effect.map(
    Db.query(
      `insert into team_invitations (id, project_id, team_id, recipient_email, verification_code_id, created_at, expires_at)
       select $3, $1, $2, $4, $5, $6, $7
        where exists (select 1 from teams t where t.project_id = $1 and t.id = $2)${permitted}
       returning id`,
      params
    ),
    (inserted) => inserted.length > 0
  )
}

const select = `
select i.id, i.team_id, t.display_name as team_display_name, i.recipient_email, i.verification_code_id, i.expires_at
from team_invitations i
join teams t on t.project_id = i.project_id and t.id = i.team_id
join verification_codes c on c.project_id = i.project_id and c.id = i.verification_code_id`

/** Pending invitations of a team (code unused and unexpired at `now`), oldest first. */
export const listPendingInvitations = (
  projectId: string,
  teamId: string,
  now: Date
): DbEffect<ReadonlyArray<InvitationRow>> =>
  Effect.flatMap(
    Db.query(
      `${select} where i.project_id = $1 and i.team_id = $2 and c.used_at is null and c.expires_at > $3
       order by i.created_at, i.id`,
      [projectId, teamId, now]
    ),
    invitationRows.all
  )

/**
 * The pending invitations sent to one of the user's verified e-mail addresses, oldest first. The address
 * must equal the channel's value exactly, as hosted compares them: channels are stored lower-cased and an
 * invitation as it was sent, so one sent to a mixed-case address is not listed.
 */
const receivedBy = `c.used_at is null and c.expires_at > $3 and i.recipient_email in (
  select e.value from contact_channels e
  where e.project_id = $1 and e.user_id = $2 and e.type = 'email' and e.is_verified
)`

export const listReceivedInvitations = (
  projectId: string,
  userId: string,
  now: Date
): DbEffect<ReadonlyArray<InvitationRow>> =>
  Effect.flatMap(
    Db.query(`${select} where i.project_id = $1 and ${receivedBy} order by i.created_at, i.id`, [
      projectId,
      userId,
      now
    ]),
    invitationRows.all
  )

/** One pending invitation sent to one of the user's verified e-mail addresses (see `listReceivedInvitations`). */
export const findReceivedInvitation = (
  projectId: string,
  userId: string,
  id: string,
  now: Date
): DbEffect<InvitationRow | undefined> =>
  Effect.flatMap(
    Db.query(`${select} where i.project_id = $1 and i.id = $4 and ${receivedBy}`, [projectId, userId, now, id]),
    invitationRows.first
  )

/**
 * Revokes a team's invitation and its code in one statement; false when the team has no such invitation or, with
 * a `guard`, when the revoking member lacks the permission (team-permissions.ts `holdsPermission`).
 */
export const deleteInvitation = (
  projectId: string,
  teamId: string,
  id: string,
  guard: MemberPermissionGuard | undefined
): DbEffect<boolean> => {
  const params: Array<unknown> = [projectId, teamId, id]
  const permitted = guard === undefined ? "" : ` and ${holdsPermission(params, "$1", "$2", guard)}`
  return Effect.map(
    Db.query(
      `with deleted as (delete from team_invitations i where i.project_id = $1 and i.team_id = $2 and i.id = $3${permitted}
                         returning i.verification_code_id),
            codes as (delete from verification_codes c where c.project_id = $1
                         and c.id in (select verification_code_id from deleted))
       select 1 from deleted`,
      params
    ),
    (deleted) => deleted.length > 0
  )
}
