/** Repository of `password_hashes`: one hash per user, always named with the user's project. */
import * as Effect from "effect/Effect"
import { Db, type DbEffect } from "../db.js"
import { firstString } from "../rows.js"

export const findPasswordHash = (projectId: string, userId: string): DbEffect<string | undefined> =>
  Effect.map(
    Db.query("select hash from password_hashes where project_id = $1 and user_id = $2", [projectId, userId]),
    (found) => firstString(found, "hash")
  )

export const setPasswordHash = (projectId: string, userId: string, hash: string): DbEffect<void> =>
  Db.run(
    `insert into password_hashes (project_id, user_id, hash) values ($1, $2, $3)
       on conflict (user_id) do update set hash = excluded.hash, updated_at = now()`,
    [projectId, userId, hash]
  )

export const removePasswordHash = (projectId: string, userId: string): DbEffect<void> =>
  Db.run("delete from password_hashes where project_id = $1 and user_id = $2", [projectId, userId])
