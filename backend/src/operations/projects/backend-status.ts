/** What the backend's status page (routes/home.ts) says about the running backend itself. */
import * as Effect from "effect/Effect"
import { Db } from "../../store/db.js"

/** The kind of database the backend runs on, as a person reads it. */
export const databaseKind: Effect.Effect<string, never, Db> = Db.useSync((db) =>
  db.dialect === "postgres" ? "PostgreSQL" : "PGlite (embedded PostgreSQL)"
)
