/**
 * Repository of `permission_definitions`, team and project scope. Built-in `$` permissions (team scope) are
 * rows too, written when a project is created; `contained_permission_ids` is a JSON array of ids.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../db.js"
import { rowStruct, rowTable } from "../rows.js"

/** Which permissions a definition is for: members of a team, or users of the project. */
export type PermissionScope = "team" | "project"

export const DefinitionRow = rowStruct({
  id: Schema.String,
  description: Schema.NullOr(Schema.String),
  containedPermissionIds: Schema.Array(Schema.String),
  isBuiltin: Schema.Boolean
})
export type DefinitionRow = typeof DefinitionRow.Type

const permissionDefinitions = rowTable("permission_definitions", DefinitionRow)

/** The permission definitions of one scope of a project, by id. */
export const listDefinitions = (
  projectId: string,
  scope: PermissionScope = "team"
): DbEffect<ReadonlyArray<DefinitionRow>> =>
  permissionDefinitions.all("project_id = $1 and scope = $2 order by id", [projectId, scope])

/** The scope of the definition with this id, if any (ids are unique across scopes, as on the service). */
export const findDefinitionScope = (projectId: string, id: string): DbEffect<PermissionScope | undefined> =>
  Effect.map(
    Db.query("select scope from permission_definitions where project_id = $1 and id = $2", [projectId, id]),
    (rows) => {
      const scope = rows[0]?.["scope"]
      return scope === "team" || scope === "project" ? scope : undefined
    }
  )

export const insertDefinition = (
  projectId: string,
  definition: Omit<DefinitionRow, "isBuiltin">,
  scope: PermissionScope = "team"
): DbEffect<void> =>
  Db.run(
    `insert into permission_definitions (project_id, id, scope, description, contained_permission_ids)
       values ($1, $2, $5, $3, $4)`,
    [projectId, definition.id, definition.description, JSON.stringify(definition.containedPermissionIds), scope]
  )

/** Writes a definition over the stored one named `currentId` (which may rename it). */
export const saveDefinition = (
  projectId: string,
  currentId: string,
  definition: Omit<DefinitionRow, "isBuiltin">,
  scope: PermissionScope = "team"
): DbEffect<void> =>
  Db.run(
    `update permission_definitions set id = $3, description = $4, contained_permission_ids = $5
       where project_id = $1 and scope = $6 and id = $2`,
    [
      projectId,
      currentId,
      definition.id,
      definition.description,
      JSON.stringify(definition.containedPermissionIds),
      scope
    ]
  )

export const deleteDefinition = (projectId: string, id: string, scope: PermissionScope = "team"): DbEffect<void> =>
  Db.run("delete from permission_definitions where project_id = $1 and scope = $3 and id = $2", [projectId, id, scope])
