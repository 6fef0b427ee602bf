/**
 * A project's signing keys are made on first use, one per kind of token: first requests arriving together
 * (the first sign-ups and JWKS reads of a fresh project) share the key one of them made instead of each
 * making its own, so a project's JWKS does not depend on how its first requests interleaved.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { SigningKeys } from "../../../backend/src/crypto/signing-keys.js"
import { Db } from "../../../backend/src/store/db.js"
import { openDb } from "../../../backend/src/store/layer.js"
import { listSigningKeys } from "../../../backend/src/store/auth/signing-keys.js"

const backend = SigningKeys.layer.pipe(Layer.provideMerge(Layer.effect(Db, openDb("memory"))))

describe("signing keys", () => {
  it.effect("first uses arriving together make one key of each kind", () =>
    Effect.gen(function* () {
      yield* Db.exec(`insert into projects (id, display_name, config) values ('p', 'P', '{}')`)
      const keys = yield* SigningKeys
      const signers = yield* Effect.all(
        [
          ...Array.from({ length: 6 }, () => keys.signer("p")),
          ...Array.from({ length: 3 }, () => keys.signer("p", "anonymous"))
        ],
        { concurrency: "unbounded" }
      )
      const jwks = yield* Effect.all(
        Array.from({ length: 4 }, () => keys.jwks("p", ["normal", "restricted"])),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(new Set(signers.slice(0, 6).map((k) => k.kid)).size, 1)
      assert.strictEqual(new Set(signers.slice(6).map((k) => k.kid)).size, 1)
      for (const answer of jwks) assert.strictEqual(answer.keys.length, 2)
      const stored = yield* listSigningKeys("p")
      assert.deepStrictEqual(stored.map((row) => row.kind).sort(), ["anonymous", "normal", "restricted"])
    }).pipe(Effect.provide(backend), Effect.scoped)
  )
})
