/**
 * Repository of `team_invitations`. The secret is a verification code (purpose `team_invitation`); an
 * invitation is pending while its code is unused and unexpired.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../db.js"
import { rowDecoder, rowInsert, rowStruct, Timestamp } from "../rows.js"

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

const insertTeamInvitationsRow = rowInsert(
  "team_invitations",
  "id, project_id, team_id, recipient_email, verification_code_id, created_at, expires_at"
)
export const insertInvitation = (invitation: NewInvitation): DbEffect<void> =>
  insertTeamInvitationsRow({ ...invitation })

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

/** One invitation of a team, pending or not. */
export const findInvitation = (projectId: string, teamId: string, id: string): DbEffect<InvitationRow | undefined> =>
  Effect.flatMap(
    Db.query(`${select} where i.project_id = $1 and i.team_id = $2 and i.id = $3`, [projectId, teamId, id]),
    invitationRows.first
  )

/** Revokes an invitation: its code goes, and the invitation row with it (foreign key cascade). */
export const deleteInvitation = (projectId: string, invitation: InvitationRow): DbEffect<void> =>
  Effect.gen(function* () {
    if (invitation.verificationCodeId !== null) {
      yield* Db.query("delete from verification_codes where project_id = $1 and id = $2", [
        projectId,
        invitation.verificationCodeId
      ])
    }
    yield* Db.query("delete from team_invitations where project_id = $1 and id = $2", [projectId, invitation.id])
  })
