/** Repository of `password_hashes`. */
import * as Effect from "effect/Effect"
import type { DbError, DbShape } from "./db.js"

export const findPasswordHash = (db: DbShape, userId: string): Effect.Effect<string | undefined, DbError> =>
  Effect.map(db.query("select hash from password_hashes where user_id = $1", [userId]), (found) => {
    const hash = found[0]?.["hash"]
    return typeof hash === "string" ? hash : undefined
  })

export const setPasswordHash = (db: DbShape, userId: string, hash: string): Effect.Effect<void, DbError> =>
  Effect.asVoid(
    db.query(
      `insert into password_hashes (user_id, hash) values ($1, $2)
       on conflict (user_id) do update set hash = excluded.hash, updated_at = now()`,
      [userId, hash]
    )
  )

export const removePasswordHash = (db: DbShape, userId: string): Effect.Effect<void, DbError> =>
  Effect.asVoid(db.query("delete from password_hashes where user_id = $1", [userId]))
