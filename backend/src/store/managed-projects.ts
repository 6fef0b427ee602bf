/**
 * The `managedProjectIds` list in the server metadata of `internal` users: the hosted service records the
 * projects a dashboard user created there, and dashboards read it. Ownership itself is `project_owners`
 * (what authorises an admin access token); this list mirrors it for the clients that read the metadata.
 */
import * as Effect from "effect/Effect"
import type { DbError, DbShape } from "./db.js"

const INTERNAL = "internal"

/** Adds a project to the user's list, keeping the rest of the metadata (metadata that is not an object is replaced). */
export const recordManagedProject = (db: DbShape, userId: string, projectId: string): Effect.Effect<void, DbError> =>
  Effect.asVoid(
    db.query(
      `update users set server_metadata =
         (case when jsonb_typeof(server_metadata) = 'object' then server_metadata else '{}'::jsonb end)
         || jsonb_build_object('managedProjectIds',
              (case when jsonb_typeof(server_metadata -> 'managedProjectIds') = 'array'
                    then server_metadata -> 'managedProjectIds' else '[]'::jsonb end)
              || jsonb_build_array($3::text))
       where project_id = $1 and id = $2`,
      [INTERNAL, userId, projectId]
    )
  )

/** Removes a deleted project from every list that names it. */
export const forgetManagedProject = (db: DbShape, projectId: string): Effect.Effect<void, DbError> =>
  Effect.asVoid(
    db.query(
      `update users set server_metadata = server_metadata || jsonb_build_object('managedProjectIds',
         coalesce(
           (select jsonb_agg(entry) from jsonb_array_elements(server_metadata -> 'managedProjectIds') as entry
             where entry <> to_jsonb($2::text)),
           '[]'::jsonb))
       where project_id = $1
         and jsonb_typeof(server_metadata -> 'managedProjectIds') = 'array'
         and server_metadata -> 'managedProjectIds' @> jsonb_build_array($2::text)`,
      [INTERNAL, projectId]
    )
  )
