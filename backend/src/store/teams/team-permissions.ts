/**
 * Repository of `team_member_permissions`: the permissions granted directly to a member. What a grant
 * contains is resolved when reading (operations/permissions/permission-closure.ts, or `holdsPermission` for a
 * write that needs one), never stored.
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

/** A team permission the acting member must hold for a write to happen: checked by the write's own statement. */
export interface MemberPermissionGuard {
  readonly userId: string
  readonly permissionId: string
  /** The ids defined without a row of their own: the built-in `$` permissions. */
  readonly builtinIds: ReadonlyArray<string>
}

/**
 * A SQL condition: the guard's member of the team holds its permission, granted directly or contained in a
 * definition they hold, transitively (`union` ends the walk on a cycle); the permission itself is defined (a
 * row, or a built-in). The same answer as operations/permissions/permission-closure.ts over the member's
 * grants, in the statement that writes, so the write and its check see one state of the grants. `project`
 * and `team` are the statement's placeholders of the ids; the guard's values are appended to `params`.
 */
export const holdsPermission = (
  params: Array<unknown>,
  project: string,
  team: string,
  guard: MemberPermissionGuard
): string => {
  params.push(guard.userId, guard.permissionId, guard.builtinIds)
  const [user, permission, builtins] = [3, 2, 1].map((back) => `$${params.length + 1 - back}`)
  return `exists (
    with recursive held(id) as (
      select g.permission_id from team_member_permissions g
       where g.project_id = ${project} and g.team_id = ${team} and g.user_id = ${user}
      union
      select c.id from held h
        join permission_definitions d on d.project_id = ${project} and d.scope = 'team' and d.id = h.id
        cross join lateral jsonb_array_elements_text(d.contained_permission_ids) as c(id)
    )
    select 1 from held h
     where h.id = ${permission}
       and (h.id = any(${builtins}::text[])
            or exists (select 1 from permission_definitions d
                        where d.project_id = ${project} and d.scope = 'team' and d.id = h.id))
  )`
}
