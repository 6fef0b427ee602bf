/**
 * The scrypt cost is a setting of the running backend, not of the stored hashes: production cost by
 * default, and a hash made at one cost verifies whatever the current setting is.
 */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import {
  FAST_SCRYPT_COST,
  hashPassword,
  PasswordHashCost,
  PRODUCTION_SCRYPT_COST,
  type ScryptCost,
  verifyPassword
} from "../../../backend/src/crypto/password.js"

const at = <A, E>(cost: ScryptCost, effect: Effect.Effect<A, E>) =>
  Effect.runPromise(Effect.provideService(effect, PasswordHashCost, cost))

const costOf = (hash: string) => hash.split("$").slice(1, 4).map(Number)

describe("password hashing cost", () => {
  it("hashes at production cost unless told otherwise", async () => {
    const hash = await Effect.runPromise(hashPassword("correct horse battery"))
    expect(costOf(hash)).toEqual([16_384, 8, 1])
    expect(PasswordHashCost.defaultValue()).toEqual(PRODUCTION_SCRYPT_COST)
  })

  it("hashes at the cheap cost when told to, and the hash names it", async () => {
    const hash = await at(FAST_SCRYPT_COST, hashPassword("correct horse battery"))
    expect(costOf(hash)).toEqual([16, 8, 1])
  })

  it("verifies a hash at the cost it names, whatever the current setting", async () => {
    const cheap = await at(FAST_SCRYPT_COST, hashPassword("correct horse battery"))
    const strong = await at(PRODUCTION_SCRYPT_COST, hashPassword("correct horse battery"))
    for (const current of [FAST_SCRYPT_COST, PRODUCTION_SCRYPT_COST]) {
      for (const stored of [cheap, strong]) {
        expect(await at(current, verifyPassword("correct horse battery", stored))).toBe(true)
        expect(await at(current, verifyPassword("correct horse batterY", stored))).toBe(false)
      }
    }
  })

  it("never matches a missing or malformed hash at either cost", async () => {
    for (const current of [FAST_SCRYPT_COST, PRODUCTION_SCRYPT_COST]) {
      expect(await at(current, verifyPassword("correct horse battery", undefined))).toBe(false)
      expect(await at(current, verifyPassword("correct horse battery", "scrypt$1024$8$1$not-enough"))).toBe(false)
    }
  })
})
