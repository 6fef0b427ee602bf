/**
 * Repository of `permission_definitions` (team scope). Built-in `$` permissions are rows too, written
 * when a project is created; `contained_permission_ids` is a JSON array of ids.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { DbError, DbShape } from "./db.js"
import { rowDecoder, rowStruct } from "./rows.js"

export const DefinitionRow = rowStruct({
  id: Schema.String,
  description: Schema.NullOr(Schema.String),
  containedPermissionIds: Schema.Array(Schema.String),
  isBuiltin: Schema.Boolean
})
export type DefinitionRow = typeof DefinitionRow.Type
const definitionRows = rowDecoder(DefinitionRow)

const columns = "id, description, contained_permission_ids, is_builtin"

/** The team permission definitions of a project, by id. */
export const listDefinitions = (db: DbShape, projectId: string): Effect.Effect<ReadonlyArray<DefinitionRow>, DbError> =>
  Effect.flatMap(
    db.query(`select ${columns} from permission_definitions where project_id = $1 and scope = 'team' order by id`, [projectId]),
    definitionRows.all
  )

export const insertDefinition = (
  db: DbShape,
  projectId: string,
  definition: Omit<DefinitionRow, "isBuiltin">
): Effect.Effect<void, DbError> =>
  Effect.asVoid(
    db.query(
      `insert into permission_definitions (project_id, id, scope, description, contained_permission_ids)
       values ($1, $2, 'team', $3, $4)`,
      [projectId, definition.id, definition.description, JSON.stringify(definition.containedPermissionIds)]
    )
  )

/** Writes a definition over the stored one named `currentId` (which may rename it). */
export const saveDefinition = (
  db: DbShape,
  projectId: string,
  currentId: string,
  definition: Omit<DefinitionRow, "isBuiltin">
): Effect.Effect<void, DbError> =>
  Effect.asVoid(
    db.query(
      `update permission_definitions set id = $3, description = $4, contained_permission_ids = $5
       where project_id = $1 and scope = 'team' and id = $2`,
      [projectId, currentId, definition.id, definition.description, JSON.stringify(definition.containedPermissionIds)]
    )
  )

export const deleteDefinition = (db: DbShape, projectId: string, id: string): Effect.Effect<void, DbError> =>
  Effect.asVoid(
    db.query("delete from permission_definitions where project_id = $1 and scope = 'team' and id = $2", [projectId, id])
  )
