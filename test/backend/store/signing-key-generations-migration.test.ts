/**
 * Migration 0015 on a database from before it: the keys already stored are numbered oldest first within
 * their project and kind (a project where a race stored two keys of a kind keeps both), and from then on a
 * second key of one project, kind and generation is refused by the unique index.
 */
import { assert, describe, it } from "@effect/vitest"
import { PGlite } from "@electric-sql/pglite"
import { migrations } from "../../../backend/src/store/migrations/index.js"

const key = (kid: string, project: string, kind: string, at: string) =>
  `insert into signing_keys (kid, project_id, kind, private_jwk, public_jwk, created_at)
     values ('${kid}', '${project}', '${kind}', '{}', '{}', '${at}');`

describe("migration 0015-signing-key-generations", () => {
  it("numbers existing keys per project and kind, oldest first, and keeps every one", async () => {
    const pg = new PGlite()
    try {
      const index = migrations.findIndex((m) => m.name === "0015-signing-key-generations")
      for (const migration of migrations.slice(0, index)) await pg.exec(migration.sql)
      await pg.exec(`
        insert into projects (id, display_name, config) values ('p', 'P', '{}'), ('q', 'Q', '{}');
        ${key("p-normal-late", "p", "normal", "2026-01-02")}
        ${key("p-normal-early", "p", "normal", "2026-01-01")}
        ${key("p-anon", "p", "anonymous", "2026-01-03")}
        ${key("q-normal", "q", "normal", "2026-01-01")}
      `)
      await pg.exec(migrations[index]!.sql)
      const rows = await pg.query<{ kid: string; generation: number }>(
        "select kid, generation from signing_keys order by kid"
      )
      assert.deepStrictEqual(rows.rows, [
        { kid: "p-anon", generation: 1 },
        { kid: "p-normal-early", generation: 1 },
        { kid: "p-normal-late", generation: 2 },
        { kid: "q-normal", generation: 1 }
      ])
      const duplicate = await pg
        .exec(`insert into signing_keys (kid, project_id, kind, generation, private_jwk, public_jwk)
                 values ('again', 'p', 'normal', 2, '{}', '{}')`)
        .then(
          () => "stored",
          (error: unknown) => String(error)
        )
      assert.include(duplicate, "signing_keys_generation")
    } finally {
      await pg.close()
    }
  }, 120_000)
})
