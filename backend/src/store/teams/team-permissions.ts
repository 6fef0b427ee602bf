/**
 * Repository of `team_member_permissions`: the permissions granted directly to a member. What a grant
 * contains is resolved when reading (operations/teams/permission-closure.ts), never stored.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../db.js"
import { rowDecoder, rowStruct } from "../rows.js"
import { whereEqual } from "../statements.js"

const GrantRow = rowStruct({ teamId: Schema.String, userId: Schema.String, permissionId: Schema.String })
export type GrantRow = typeof GrantRow.Type
const grantRows = rowDecoder(GrantRow)

/** Direct grants of the project, narrowed by team and/or user. */
export const listGrants = (filter: {
  readonly projectId: string
  readonly teamId?: string | undefined
  readonly userId?: string | undefined
}): DbEffect<ReadonlyArray<GrantRow>> => {
  const params: Array<unknown> = []
  const where = whereEqual(params, [
    ["project_id", filter.projectId],
    ["team_id", filter.teamId],
    ["user_id", filter.userId]
  ])
  return Effect.flatMap(
    Db.query(
      `select team_id, user_id, permission_id from team_member_permissions where ${where}
       order by team_id, user_id, permission_id`,
      params
    ),
    grantRows.all
  )
}

/** One permission of one team member: what a grant, a revocation or a check names. */
export interface PermissionGrant {
  readonly projectId: string
  readonly teamId: string
  readonly userId: string
  readonly permissionId: string
}

/** Removes one direct grant; false when the member did not have it directly. */
export const deleteGrant = (grant: PermissionGrant): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `delete from team_member_permissions where project_id = $1 and team_id = $2 and user_id = $3 and permission_id = $4
       returning permission_id`,
      [grant.projectId, grant.teamId, grant.userId, grant.permissionId]
    ),
    (found) => found.length > 0
  )

/** Follows a renamed definition: every grant of `from` becomes a grant of `to`. */
export const renameGrants = (projectId: string, from: string, to: string): DbEffect<void> =>
  Db.run(`update team_member_permissions set permission_id = $3 where project_id = $1 and permission_id = $2`, [
    projectId,
    from,
    to
  ])

/** Drops every grant of a deleted definition. */
export const deleteGrantsOf = (projectId: string, permissionId: string): DbEffect<void> =>
  Db.run("delete from team_member_permissions where project_id = $1 and permission_id = $2", [projectId, permissionId])
