/**
 * Repository of `project_user_permissions`: the project permissions granted directly to a user. What a grant
 * contains is resolved when reading (operations/permissions/permission-closure.ts), never stored.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../db.js"
import { rowDecoder, rowStruct } from "../rows.js"
import { whereEqual } from "../statements.js"

const GrantRow = rowStruct({ userId: Schema.String, permissionId: Schema.String })
export type ProjectGrantRow = typeof GrantRow.Type
const grantRows = rowDecoder(GrantRow)

/** One project permission of one user: what a grant, a revocation or a check names. */
export interface ProjectPermissionGrant {
  readonly projectId: string
  readonly userId: string
  readonly permissionId: string
}

/** Direct grants of the project, narrowed by user; ordered by user then permission. */
export const listProjectGrants = (filter: {
  readonly projectId: string
  readonly userId?: string | undefined
}): DbEffect<ReadonlyArray<ProjectGrantRow>> => {
  const params: Array<unknown> = []
  const where = whereEqual(params, [
    ["project_id", filter.projectId],
    ["user_id", filter.userId]
  ])
  return Effect.flatMap(
    Db.query(
      `select user_id, permission_id from project_user_permissions where ${where} order by user_id, permission_id`,
      params
    ),
    grantRows.all
  )
}

/** Grants permissions directly; ones the user already has stay as they are. */
export const insertProjectGrants = (grant: {
  readonly projectId: string
  readonly userId: string
  readonly permissionIds: ReadonlyArray<string>
}): DbEffect<void> =>
  Effect.forEach(
    grant.permissionIds,
    (permissionId) =>
      Db.query(
        `insert into project_user_permissions (project_id, user_id, permission_id) values ($1, $2, $3)
       on conflict do nothing`,
        [grant.projectId, grant.userId, permissionId]
      ),
    { discard: true }
  )

/** Removes one direct grant; false when the user did not have it directly. */
export const deleteProjectGrant = (grant: ProjectPermissionGrant): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `delete from project_user_permissions where project_id = $1 and user_id = $2 and permission_id = $3
       returning permission_id`,
      [grant.projectId, grant.userId, grant.permissionId]
    ),
    (found) => found.length > 0
  )

/** Follows a renamed definition: every grant of `from` becomes a grant of `to`. */
export const renameProjectGrants = (projectId: string, from: string, to: string): DbEffect<void> =>
  Db.run("update project_user_permissions set permission_id = $3 where project_id = $1 and permission_id = $2", [
    projectId,
    from,
    to
  ])

/** Drops every grant of a deleted definition. */
export const deleteProjectGrantsOf = (projectId: string, permissionId: string): DbEffect<void> =>
  Db.run("delete from project_user_permissions where project_id = $1 and permission_id = $2", [projectId, permissionId])
