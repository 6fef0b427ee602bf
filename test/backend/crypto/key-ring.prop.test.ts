/**
 * The rules of a kind's key ring (crypto/key-ring.ts), for any generations and times: the newest key is the
 * next one, the one below it signs, and a key below those is trusted exactly while the grace period since
 * the key two generations above it was stored lasts.
 */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { keyRing, trustedKeys } from "../../../backend/src/crypto/key-ring.js"

const keys = fc
  .uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 })
  .chain((generations) =>
    fc.tuple(
      fc.constant(generations),
      fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: generations.length, maxLength: generations.length })
    )
  )
  .map(([generations, times]) => {
    // Stored in generation order, so a higher generation is never older.
    const sortedTimes = [...times].sort((a, b) => a - b)
    return [...generations]
      .sort((a, b) => a - b)
      .map((generation, i) => ({ kid: `k${generation}`, generation, createdAt: new Date(sortedTimes[i]!) }))
  })

describe("key ring", () => {
  it("signs with the second newest, publishes the newest, trusts older keys for the grace period", () =>
    fc.assert(
      fc.property(
        keys,
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (stored, now, grace) => {
          const ring = keyRing([...stored].reverse(), now, grace)
          assert.isDefined(ring)
          const byGeneration = [...stored].sort((a, b) => b.generation - a.generation)
          if (stored.length === 1) {
            assert.strictEqual(ring!.current, stored[0])
            assert.isUndefined(ring!.next)
          } else {
            assert.strictEqual(ring!.next, byGeneration[0])
            assert.strictEqual(ring!.current, byGeneration[1])
          }
          for (let i = 2; i < byGeneration.length; i++) {
            const replacedAt = byGeneration[i - 2]!.createdAt.getTime()
            assert.strictEqual(ring!.retired.includes(byGeneration[i]!), now < replacedAt + grace)
          }
          const trusted = trustedKeys(ring!)
          assert.strictEqual(trusted[0], ring!.current)
          assert.strictEqual(new Set(trusted).size, trusted.length)
        }
      )
    ))

  it("has no ring without a key", () => assert.isUndefined(keyRing([], 0, 0)))
})
