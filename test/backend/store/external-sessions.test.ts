/**
 * The session of an external provider session (`POST /auth/external/token`) is made once per key, even when two
 * first exchanges of one provider session open it at the same time: the second learns it exists instead of
 * failing on the key's unique index (which a run of the route's race test once answered with a 500).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Db } from "../../../backend/src/store/db.js"
import { openDb } from "../../../backend/src/store/layer.js"
import { findExternalSession, insertExternalSession } from "../../../backend/src/store/auth/refresh-tokens.js"

const session = (id: string, projectId = "p") => ({
  id,
  projectId,
  userId: projectId === "p" ? "u" : "v",
  token: `secret-${id}`,
  createdAt: new Date(0),
  expiresAt: new Date(1_000_000),
  externalSession: "provider-session-key"
})

describe("external sessions", () => {
  it.effect("one key opens one session: a second insert, sequential or concurrent, reports it was not the one", () =>
    Effect.scoped(
      Effect.gen(function* () {
        yield* Db.exec(`
          insert into projects (id, display_name, config) values ('p', 'P', '{}'), ('q', 'Q', '{}');
          insert into users (id, project_id) values ('u', 'p'), ('v', 'q');
        `)
        const opened = yield* Effect.all([insertExternalSession(session("a")), insertExternalSession(session("b"))], {
          concurrency: "unbounded"
        })
        assert.deepStrictEqual([...opened].sort(), [false, true])
        assert.isFalse(yield* insertExternalSession(session("c")))
        const winner = yield* findExternalSession("p", "provider-session-key")
        assert.strictEqual(winner?.id, opened[0] ? "a" : "b")
        // The same key in another project is another session.
        assert.isTrue(yield* insertExternalSession(session("d", "q")))
      }).pipe(Effect.provideServiceEffect(Db, openDb("memory")))
    )
  )
})
