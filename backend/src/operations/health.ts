/**
 * What `GET /health` says of this instance: whether its database answers, and whether it hears the writes of
 * other instances on the same PostgreSQL (the change feed, store/change-feed.ts). A load balancer should
 * send nothing to an instance whose database is down; one whose feed is down still answers correctly (it
 * reads around its caches meanwhile), only slower.
 */
import * as Effect from "effect/Effect"
import { Db } from "../store/db.js"

export interface InstanceHealth {
  readonly status: "ok" | "unavailable"
  readonly database: "up" | "down"
  /** `"not shared"`: PGlite, one process; no other instance can write. */
  readonly notifications: "up" | "down" | "not shared"
}

// Past this a database counts as down: a health check must answer even when the database does not.
const DATABASE_TIMEOUT = "2 seconds"

export const instanceHealth: Effect.Effect<InstanceHealth, never, Db> = Effect.gen(function* () {
  const db = yield* Db
  const feed = db.peers.status()
  // PGlite lives in this process: open means up, and a health check costs no query on its one connection.
  const answered = yield* (feed === "alone" ? Effect.succeed([]) : db.query("select 1")).pipe(
    Effect.timeoutOrElse({ duration: DATABASE_TIMEOUT, orElse: () => Effect.succeed(undefined) }),
    Effect.map((rows) => rows !== undefined),
    Effect.catchTag("DbError", (error) =>
      Effect.as(Effect.logWarning("stackfx local backend: the health check's query failed", error.message), false)
    )
  )
  return {
    status: answered ? "ok" : "unavailable",
    database: answered ? "up" : "down",
    notifications: feed === "alone" ? "not shared" : feed === "listening" ? "up" : "down"
  }
})
