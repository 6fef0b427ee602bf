import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import fc from "fast-check"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import { afterAll } from "vitest"
import { Db, type DbShape } from "../../../backend/src/store/db.js"
import { openDb } from "../../../backend/src/store/layer.js"
import { findTeam, insertTeam, insertTeamMember, isTeamMember } from "../../../backend/src/store/teams/teams.js"
import { requireTestPostgres, type TestPostgres } from "../../support/postgres.js"

// Started while the file is collected; without PostgreSQL the file fails and says why, never skips its half.
const postgres: TestPostgres = requireTestPostgres()
afterAll(() => postgres.stop())

const withDb = async (option: () => string, body: (db: DbShape) => Promise<void>) => {
  const scope = Effect.runSync(Scope.make())
  try {
    const db = await Effect.runPromise(Scope.provide(openDb(option()), scope))
    await body(db)
  } finally {
    await Effect.runPromise(Scope.close(scope, Exit.void))
  }
}

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

class Boom extends Error {}

const contract = (name: string, option: () => string, skip: () => boolean) =>
  describe(name, () => {
    it.skipIf(skip())("is migrated and seeded", () =>
      withDb(option, async (db) => {
        const rows = await run(db.query("select id from projects where id = 'internal'"))
        assert.deepStrictEqual(
          rows.map((r) => r["id"]),
          ["internal"]
        )
        const migrations = await run(db.query("select name from stackfx_migrations order by name"))
        assert.isAtLeast(migrations.length, 1)
      })
    )

    it.skipIf(skip())("commits a transaction that succeeds and rolls back one that fails", () =>
      withDb(option, async (db) => {
        await run(
          db.transaction(
            db.query(
              "insert into email_templates (project_id, id, display_name, tsx_source) values ('internal', 'kept', 's', 'c')"
            )
          )
        )
        const failed = await Effect.runPromiseExit(
          db.transaction(
            Effect.gen(function* () {
              yield* db.query(
                "insert into email_templates (project_id, id, display_name, tsx_source) values ('internal', 'dropped', 's', 'c')"
              )
              return yield* Effect.fail(new Boom("no"))
            })
          )
        )
        assert.isTrue(Exit.isFailure(failed))
        const died = await Effect.runPromiseExit(
          db.transaction(
            Effect.andThen(
              db.query(
                "insert into email_templates (project_id, id, display_name, tsx_source) values ('internal', 'died', 's', 'c')"
              ),
              Effect.die("defect")
            )
          )
        )
        assert.isTrue(Exit.isFailure(died))
        const types = await run(db.query("select id from email_templates where project_id = 'internal' order by id"))
        assert.deepStrictEqual(
          types.map((r) => r["id"]),
          ["kept"]
        )
      })
    )

    // Store functions take no database: they read `Db` from the context, and a transaction provides its connection
    // there. On PostgreSQL a write that went to the pool instead would be committed on its own connection and
    // outlive the ROLLBACK; here the failing last step must leave nothing of the steps before it.
    it.skipIf(skip())(
      "runs the store functions called inside Db.transaction on its connection: a failure leaves nothing",
      () =>
        withDb(option, (db) =>
          run(
            Effect.gen(function* () {
              const team = (id: string) => ({
                id,
                projectId: "internal",
                displayName: id,
                profileImageUrl: null,
                clientMetadata: null,
                clientReadOnlyMetadata: null,
                serverMetadata: null,
                createdAt: new Date(0)
              })
              // A nested transaction joins the outer one, so its write is rolled back with it.
              const addMember = (teamId: string, userId: string) =>
                Db.transaction(insertTeamMember({ projectId: "internal", teamId, userId, createdAt: new Date(0) }))
              const failed = yield* Effect.exit(
                Db.transaction(
                  Effect.gen(function* () {
                    yield* insertTeam(team("rolled-back"))
                    assert.isDefined(yield* findTeam("internal", "rolled-back"), "seen inside its transaction")
                    // No such user: the foreign key fails the last step.
                    yield* addMember("rolled-back", "00000000-0000-4000-8000-00000000dead")
                  })
                )
              )
              assert.isTrue(Exit.isFailure(failed))
              assert.isUndefined(yield* findTeam("internal", "rolled-back"))

              yield* Db.transaction(insertTeam(team("committed")))
              assert.isDefined(yield* findTeam("internal", "committed"))
              assert.isFalse(yield* isTeamMember("internal", "committed", "00000000-0000-4000-8000-00000000dead"))
            }).pipe(Effect.provideService(Db, db))
          )
        )
    )

    it.skipIf(skip())("reports a unique violation with its SQLSTATE and constraint", () =>
      withDb(option, async (db) => {
        const insert = db.query("insert into projects (id, display_name, config) values ('internal', 'x', '{}'::jsonb)")
        const exit = await Effect.runPromiseExit(insert)
        assert.isTrue(Exit.isFailure(exit))
        if (Exit.isFailure(exit)) {
          const error = exit.cause.reasons[0]
          assert.include(JSON.stringify(error), "23505")
        }
      })
    )

    it.skipIf(skip())("changes the generation on writes, not on reads", () =>
      withDb(option, async (db) => {
        const before = db.generation()
        await run(db.query("select 1"))
        assert.strictEqual(db.generation(), before)
        await run(db.query("update projects set description = description where id = 'internal'"))
        assert.isAbove(db.generation(), before)
      })
    )

    it.skipIf(skip())("moves a key's generation on a write that may change it, and only then (property)", () =>
      withDb(option, async (db) => {
        const keys = ["user:p:a", "user:p:b", "project:p"] as const
        const write = db.query("update projects set description = description where id = 'internal'")
        // A write outside `writesOnly`, one inside naming some keys (alone or in a transaction), or a read.
        const step = fc.oneof(
          fc.constant({ kind: "write" as const, names: [] as Array<string> }),
          fc.record({
            kind: fc.constantFrom("narrowed" as const, "narrowed transaction" as const),
            names: fc.subarray([...keys])
          }),
          fc.constant({ kind: "read" as const, names: [] as Array<string> })
        )
        await fc.assert(
          fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
            for (const { kind, names } of steps) {
              const before = keys.map((key) => db.generation(key))
              const everythingBefore = db.generation()
              await run(
                kind === "write"
                  ? write
                  : kind === "narrowed"
                    ? db.writesOnly(names, write)
                    : kind === "narrowed transaction"
                      ? db.writesOnly(names, db.transaction(Effect.andThen(write, write)))
                      : db.query("select 1")
              )
              keys.forEach((key, i) =>
                assert.strictEqual(
                  db.generation(key) !== before[i],
                  kind === "write" || names.includes(key),
                  `${kind} [${names.join(", ")}]: generation of ${key}`
                )
              )
              assert.strictEqual(
                db.generation() !== everythingBefore,
                kind === "write",
                `${kind}: generation of everything`
              )
            }
          }),
          { numRuns: 40 }
        )
      })
    )

    it.skipIf(skip())("keeps other queries out of a running transaction", () =>
      withDb(option, (db) =>
        run(
          Effect.gen(function* () {
            // Latches, not sleeps: the read starts only once the transaction has inserted its row, and the
            // transaction (which then fails, so rolls back) stays open until the read is under way. PostgreSQL
            // runs the read on another connection, so the transaction waits for its answer. PGlite has one
            // session, so the read must wait for the transaction: the transaction ends once the read has been
            // handed to the database, which answers it before the ROLLBACK unless something keeps it out.
            const inserted = yield* Deferred.make<void>()
            const reading = yield* Deferred.make<void>()
            const seen = yield* Deferred.make<number>()
            const tx = db.transaction(
              Effect.gen(function* () {
                yield* db.query(
                  "insert into email_templates (project_id, id, display_name, tsx_source) values ('internal', 'ghost', 's', 'c')"
                )
                yield* Deferred.succeed(inserted, undefined)
                if (db.dialect === "postgres") yield* Deferred.await(seen)
                else yield* Effect.andThen(Deferred.await(reading), Effect.yieldNow)
                return yield* Effect.fail(new Boom("rollback"))
              })
            )
            const reader = Effect.gen(function* () {
              yield* Deferred.await(inserted)
              yield* Deferred.succeed(reading, undefined)
              const rows = yield* db.query("select count(*)::int as n from email_templates where id = 'ghost'")
              yield* Deferred.succeed(seen, Number(rows[0]?.["n"]))
            })
            const [outcome] = yield* Effect.all([Effect.exit(tx), reader], { concurrency: 2 })
            assert.isTrue(Exit.isFailure(outcome))
            assert.strictEqual(yield* Deferred.await(seen), 0)
          })
        )
      )
    )
  })

contract(
  "PGlite (memory)",
  () => "memory",
  () => false
)
contract(
  "PostgreSQL",
  () => postgres.newDatabase(),
  () => false
)
