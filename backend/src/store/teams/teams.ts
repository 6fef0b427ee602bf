/**
 * Repository of `teams` and `team_members`: the personal team sign-up creates, and the reads, updates
 * and deletes of the teams, memberships and member-profile routes. Grants live in team-permissions.ts.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { ServerTeam } from "@stackfx/lib/domain/team.js"
import { Db, type DbEffect } from "../db.js"
import { rowDecoder, rowInsert, rowStruct, Timestamp } from "../rows.js"
import { jsonParam, type PatchColumns, setClauses, updateColumns, whereEqual } from "../statements.js"
import { holdsPermission, type MemberPermissionGuard } from "./team-permissions.js"

export interface NewTeam {
  readonly id: string
  readonly projectId: string
  readonly displayName: string
  readonly profileImageUrl: string | null
  readonly clientMetadata: Schema.Json | null
  readonly clientReadOnlyMetadata: Schema.Json | null
  readonly serverMetadata: Schema.Json | null
  readonly createdAt: Date
}

const insertTeamsRow = rowInsert(
  "teams",
  "id, project_id, display_name, profile_image_url, client_metadata, client_read_only_metadata, server_metadata, created_at"
)
export const insertTeam = (team: NewTeam): DbEffect<void> =>
  insertTeamsRow({
    ...team,
    clientMetadata: jsonParam(team.clientMetadata),
    clientReadOnlyMetadata: jsonParam(team.clientReadOnlyMetadata),
    serverMetadata: jsonParam(team.serverMetadata)
  })

const insertTeamMembersRow = rowInsert("team_members", "project_id, team_id, user_id, created_at")
export const insertTeamMember = (member: {
  readonly projectId: string
  readonly teamId: string
  readonly userId: string
  readonly createdAt: Date
}): DbEffect<void> => insertTeamMembersRow({ ...member })

export const isTeamMember = (projectId: string, teamId: string, userId: string): DbEffect<boolean> =>
  Effect.map(
    Db.query("select 1 from team_members where project_id = $1 and team_id = $2 and user_id = $3", [
      projectId,
      teamId,
      userId
    ]),
    (found) => found.length > 0
  )

export const grantTeamPermissions = (grant: {
  readonly projectId: string
  readonly teamId: string
  readonly userId: string
  readonly permissionIds: ReadonlyArray<string>
}): DbEffect<void> =>
  Effect.forEach(
    grant.permissionIds,
    (permissionId) =>
      Db.query(
        `insert into team_member_permissions (project_id, team_id, user_id, permission_id) values ($1, $2, $3, $4)
         on conflict do nothing`,
        [grant.projectId, grant.teamId, grant.userId, permissionId]
      ),
    { discard: true }
  )

const TeamRow = rowStruct({
  id: Schema.String,
  displayName: Schema.String,
  profileImageUrl: Schema.NullOr(Schema.String),
  clientMetadata: Schema.NullOr(Schema.Json),
  clientReadOnlyMetadata: Schema.NullOr(Schema.Json),
  serverMetadata: Schema.NullOr(Schema.Json),
  createdAt: Timestamp
})
const teamRows = rowDecoder(TeamRow)

const teamColumns =
  "t.id, t.display_name, t.profile_image_url, t.client_metadata, t.client_read_only_metadata, t.server_metadata, t.created_at"

/** One team of the project, or undefined. */
export const findTeam = (projectId: string, teamId: string): DbEffect<ServerTeam | undefined> =>
  Effect.flatMap(
    Db.query(`select ${teamColumns} from teams t where t.project_id = $1 and t.id = $2`, [projectId, teamId]),
    teamRows.first
  )

/** The project's teams, oldest first; only those `userId` belongs to when given. */
export const listTeams = (projectId: string, userId: string | undefined): DbEffect<ReadonlyArray<ServerTeam>> =>
  Effect.flatMap(
    userId === undefined
      ? Db.query(`select ${teamColumns} from teams t where t.project_id = $1 order by t.created_at, t.id`, [projectId])
      : Db.query(
          `select ${teamColumns} from teams t join team_members m on m.project_id = t.project_id and m.team_id = t.id
         where t.project_id = $1 and m.user_id = $2 order by t.created_at, t.id`,
          [projectId, userId]
        ),
    teamRows.all
  )

/** Columns of `teams` a PATCH may change; absent keys stay as they are. */
export interface TeamColumnsPatch {
  readonly displayName?: string
  readonly profileImageUrl?: string | null
  readonly clientMetadata?: Schema.Json | null
  readonly clientReadOnlyMetadata?: Schema.Json | null
  readonly serverMetadata?: Schema.Json | null
}

const teamPatchColumns: PatchColumns<TeamColumnsPatch> = [
  ["displayName", "display_name"],
  ["profileImageUrl", "profile_image_url"],
  ["clientMetadata", "client_metadata", true],
  ["clientReadOnlyMetadata", "client_read_only_metadata", true],
  ["serverMetadata", "server_metadata", true]
]

/**
 * Applies a PATCH and answers the team as it now is, in one statement; undefined when the project has no such
 * team or, with a `guard`, when its member lacks the permission (team-permissions.ts `holdsPermission`).
 */
export const updateTeamRow = (
  projectId: string,
  teamId: string,
  patch: TeamColumnsPatch,
  guard: MemberPermissionGuard | undefined
): DbEffect<ServerTeam | undefined> => {
  const params: Array<unknown> = [projectId, teamId]
  const sets = setClauses(params, teamPatchColumns, patch)
  const permitted = guard === undefined ? "" : ` and ${holdsPermission(params, "$1", "$2", guard)}`
  return Effect.flatMap(
    Db.query(
      `update teams t set ${sets.length === 0 ? "id = t.id" : sets.join(", ")}
        where t.project_id = $1 and t.id = $2${permitted} returning ${teamColumns}`,
      params
    ),
    teamRows.first
  )
}

/**
 * Deletes a team in one statement; memberships, grants and invitations go with it (foreign keys), and so do
 * the invitation codes, which the invitations only point at. False when the project has no such team or, with
 * a `guard`, when its member lacks the permission.
 */
export const deleteTeam = (
  projectId: string,
  teamId: string,
  guard: MemberPermissionGuard | undefined
): DbEffect<boolean> => {
  const params: Array<unknown> = [projectId, teamId]
  const permitted = guard === undefined ? "" : ` and ${holdsPermission(params, "$1", "$2", guard)}`
  return Effect.map(
    Db.query(
      `with deleted as (delete from teams t where t.project_id = $1 and t.id = $2${permitted} returning t.id),
            codes as (delete from verification_codes where id in
              (select i.verification_code_id from team_invitations i
                where i.project_id = $1 and i.team_id in (select id from deleted)))
       select id from deleted`,
      params
    ),
    (deleted) => deleted.length > 0
  )
}

/**
 * Removes a membership (its grants cascade); false when there was none or, with a `guard`, when its member
 * (the one removing) lacks the permission.
 */
export const deleteTeamMember = (
  projectId: string,
  teamId: string,
  userId: string,
  guard?: MemberPermissionGuard
): DbEffect<boolean> => {
  const params: Array<unknown> = [projectId, teamId, userId]
  const permitted = guard === undefined ? "" : ` and ${holdsPermission(params, "$1", "$2", guard)}`
  return Effect.map(
    Db.query(
      `delete from team_members where project_id = $1 and team_id = $2 and user_id = $3${permitted} returning user_id`,
      params
    ),
    (found) => found.length > 0
  )
}

const MemberProfileRow = rowStruct({
  teamId: Schema.String,
  userId: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  profileImageUrl: Schema.NullOr(Schema.String)
})
export type MemberProfileRow = typeof MemberProfileRow.Type
const profileRows = rowDecoder(MemberProfileRow)

/**
 * Member profiles, oldest membership first, filtered by team and/or user. A member who never set a
 * team-specific name or picture shows the user's own.
 */
export const listMemberProfiles = (filter: {
  readonly projectId: string
  readonly teamId?: string | undefined
  readonly userId?: string | undefined
}): DbEffect<ReadonlyArray<MemberProfileRow>> => {
  const params: Array<unknown> = []
  const where = whereEqual(params, [
    ["m.project_id", filter.projectId],
    ["m.team_id", filter.teamId],
    ["m.user_id", filter.userId]
  ])
  return Effect.flatMap(
    Db.query(
      `select m.team_id, m.user_id, coalesce(m.display_name, u.display_name) as display_name,
         coalesce(m.profile_image_url, u.profile_image_url) as profile_image_url
       from team_members m join users u on u.project_id = m.project_id and u.id = m.user_id
       where ${where} order by m.created_at, m.team_id, m.user_id`,
      params
    ),
    profileRows.all
  )
}

/** A member's team-specific name and picture; absent keys stay as they are. */
export interface MemberProfilePatch {
  readonly displayName?: string
  readonly profileImageUrl?: string | null
}

const memberProfileColumns: PatchColumns<MemberProfilePatch> = [
  ["displayName", "display_name"],
  ["profileImageUrl", "profile_image_url"]
]

/** Sets the team-specific name and picture of a member; absent keys stay as they are. */
export const updateMemberProfile = (
  member: { readonly projectId: string; readonly teamId: string; readonly userId: string },
  patch: MemberProfilePatch
): DbEffect<void> =>
  updateColumns(
    "team_members",
    [
      ["project_id", member.projectId],
      ["team_id", member.teamId],
      ["user_id", member.userId]
    ],
    memberProfileColumns,
    patch
  )
