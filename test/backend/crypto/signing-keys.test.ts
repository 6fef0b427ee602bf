/**
 * A project's signing keys, shared by every process on one database: per kind of token a current key that
 * signs and a next key published with it (the hosted set's two keys per audience), made on first use with a
 * conflict-safe insert so two instances (or two first requests of one) store one key per kind and
 * generation; a key id one instance has not seen is read from the database before a token is refused; a
 * rotation promotes the next key and the key it replaces verifies for the grace period only.
 * Run on PGlite (two caches over one database) and on PostgreSQL (two pools, as two processes have).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import { afterAll } from "vitest"
import { LocalBackendConfig } from "../../../backend/src/config.js"
import { KEY_CACHE_TTL_MILLIS, SigningKeys, type SigningKeysShape } from "../../../backend/src/crypto/signing-keys.js"
import { Db, type DbShape } from "../../../backend/src/store/db.js"
import { openDb } from "../../../backend/src/store/layer.js"
import { listSigningKeys } from "../../../backend/src/store/auth/signing-keys.js"
import { requireTestPostgres, type TestPostgres } from "../../support/postgres.js"

// Started while the file is collected; without PostgreSQL the file fails and says why, never skips its half.
const postgres: TestPostgres = requireTestPostgres()
afterAll(() => postgres.stop())

const LIFETIME_S = 600

/** One process's key service over `db`: its own cache, as each instance has. */
const instance = (db: DbShape): Effect.Effect<SigningKeysShape, never, import("effect/Scope").Scope> =>
  Effect.map(
    Layer.build(
      SigningKeys.layer.pipe(
        Layer.provide(Layer.succeed(Db, db)),
        Layer.provide(
          Layer.succeed(LocalBackendConfig, {
            baseUrl: "http://x",
            publicUrls: [],
            accessTokenLifetimeSeconds: LIFETIME_S
          })
        )
      )
    ),
    (context) => Context.get(context, SigningKeys)
  )

const kidsOf = (set: { readonly keys: ReadonlyArray<Readonly<Record<string, unknown>>> }) =>
  set.keys.map((key) => String(key["kid"]))

const contract = (name: string, open: () => string, skip: () => boolean) =>
  describe(`signing keys on ${name}`, () => {
    /** Two instances: on PostgreSQL each with its own pool; PGlite is one process's database. */
    const twoInstances = Effect.gen(function* () {
      const option = open()
      const first = yield* openDb(option)
      const second = option === "memory" ? first : yield* openDb(option)
      yield* Db.exec(`insert into projects (id, display_name, config) values ('p', 'P', '{}')`).pipe(
        Effect.provideService(Db, first)
      )
      return { db: first, a: yield* instance(first), b: yield* instance(second) }
    })

    it.effect.skipIf(skip())("concurrent first uses on two instances store one key per kind and generation", () =>
      Effect.gen(function* () {
        const { db, a, b } = yield* twoInstances
        const kinds = ["normal", "restricted", "anonymous"] as const
        const signers = yield* Effect.all(
          [a, b].flatMap((keys) =>
            kinds.flatMap((kind) => Array.from({ length: 4 }, () => Effect.map(keys.signer("p", kind), (k) => k.kid)))
          ),
          { concurrency: "unbounded" }
        )
        // Per kind, all eight signers (four on each instance) name one key.
        for (let k = 0; k < kinds.length; k++) {
          const ofKind = [...signers.slice(k * 4, k * 4 + 4), ...signers.slice(12 + k * 4, 12 + k * 4 + 4)]
          assert.strictEqual(new Set(ofKind).size, 1, kinds[k])
        }
        const stored = yield* listSigningKeys("p").pipe(Effect.provideService(Db, db))
        assert.deepStrictEqual(stored.map((row) => `${row.kind}:${row.generation}`).sort(), [
          "anonymous:1",
          "anonymous:2",
          "normal:1",
          "normal:2",
          "restricted:1",
          "restricted:2"
        ])
        // The hosted counts: 2, 4 and 6 keys; both instances publish the same set, the signing key first.
        const sets = yield* Effect.all(
          [a, b].flatMap((keys) => [
            keys.jwks("p"),
            keys.jwks("p", ["normal", "restricted"]),
            keys.jwks("p", ["normal", "restricted", "anonymous"])
          ])
        )
        assert.deepStrictEqual(
          sets.map((set) => set.keys.length),
          [2, 4, 6, 2, 4, 6]
        )
        assert.deepStrictEqual(kidsOf(sets[2]!), kidsOf(sets[5]!))
        assert.strictEqual(kidsOf(sets[0]!)[0], signers[0])
      }).pipe(Effect.scoped)
    )

    it.effect.skipIf(skip())("a key id another instance made is read from the database before it is refused", () =>
      Effect.gen(function* () {
        const { a, b } = yield* twoInstances
        // b caches the project's normal keys; a then makes the anonymous ones b has never seen.
        yield* b.signer("p")
        const anonymous = yield* a.signer("p", "anonymous")
        assert.strictEqual((yield* b.verifier("p", anonymous.kid))?.kid, anonymous.kid)
        // An id nobody made stays unknown, and another project's key is not this project's.
        assert.isUndefined(yield* b.verifier("p", "no-such-kid"))
        assert.isUndefined(yield* b.verifier("q", anonymous.kid))
      }).pipe(Effect.scoped)
    )

    it.effect.skipIf(skip())(
      "a rotation promotes the next key; the replaced key verifies for the grace period only",
      () =>
        Effect.gen(function* () {
          const { a, b } = yield* twoInstances
          const before = yield* a.jwks("p")
          const [oldCurrent, oldNext] = kidsOf(before)
          assert.strictEqual((yield* b.signer("p")).kid, oldCurrent)
          yield* a.rotate("p")
          // The rotating instance signs with the promoted key at once and publishes the replaced one with it.
          assert.strictEqual((yield* a.signer("p")).kid, oldNext)
          const after = kidsOf(yield* a.jwks("p"))
          assert.strictEqual(after.length, 3)
          assert.deepStrictEqual([after[0], after[2]], [oldNext, oldCurrent])
          // The other instance signs with its cached key until its cache expires, and that key still verifies;
          // on PostgreSQL it may already sign with the promoted one: its cache follows the change feed.
          const signsWith = (yield* b.signer("p")).kid
          if (open === postgresDatabase) assert.include([oldCurrent, oldNext], signsWith)
          else assert.strictEqual(signsWith, oldCurrent)
          assert.strictEqual((yield* a.verifier("p", oldCurrent!))?.kid, oldCurrent)
          yield* TestClock.adjust(KEY_CACHE_TTL_MILLIS)
          assert.strictEqual((yield* b.signer("p")).kid, oldNext)
          // Past a token's lifetime, the cache's life and the clock tolerance, the replaced key is refused.
          yield* TestClock.adjust((LIFETIME_S + 30) * 1000 - 1)
          assert.strictEqual((yield* b.verifier("p", oldCurrent!))?.kid, oldCurrent)
          yield* TestClock.adjust(1)
          assert.isUndefined(yield* b.verifier("p", oldCurrent!))
          assert.deepStrictEqual(kidsOf(yield* b.jwks("p")), [oldNext, after[1]])
        }).pipe(Effect.scoped)
    )

    it.effect.skipIf(skip())("rotations at once on two instances store each generation once", () =>
      Effect.gen(function* () {
        const { db, a, b } = yield* twoInstances
        yield* a.jwks("p", ["normal", "restricted", "anonymous"])
        yield* Effect.all([a.rotate("p"), b.rotate("p"), a.rotate("p")], { concurrency: "unbounded" })
        const stored = yield* listSigningKeys("p").pipe(Effect.provideService(Db, db))
        for (const kind of ["normal", "restricted", "anonymous"]) {
          // Each rotation adds the generation above the newest it read; one that lost the race adds none.
          const generations = stored.filter((row) => row.kind === kind).map((row) => row.generation)
          assert.deepStrictEqual(
            generations,
            Array.from({ length: generations.length }, (_, i) => generations.length - i)
          )
          assert.isAtLeast(generations.length, 3)
          assert.isAtMost(generations.length, 5)
        }
        yield* b.invalidate("p")
        assert.strictEqual((yield* a.signer("p")).kid, (yield* b.signer("p")).kid)
      }).pipe(Effect.scoped)
    )
  })

contract(
  "PGlite",
  () => "memory",
  () => false
)
const postgresDatabase = () => postgres.newDatabase()
contract("PostgreSQL", postgresDatabase, () => false)
