/**
 * The user and team API-key format: what the local backend makes is what the hosted service makes and
 * parses (its checksum is `crc/crc32` over the UTF-8 of everything before it, the oracle here), and parsing
 * gives back the id and kind, or nothing for a string that is not a key.
 */
import { randomUUID } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import crc32 from "crc/crc32"
import fc from "fast-check"
import { makeUserTeamApiKey, parseUserTeamApiKey } from "../../../backend/src/crypto/user-team-api-key-format.js"

const PATTERN = /^(sk|pk)_([0-9a-z]{45})([0-9a-f]{32})(user|team)([0-9a-z])574ck4u7h([0-9a-f]{8})$/

describe("the API key format", () => {
  it("has the service's layout and checksum, and parses back to its id and kind", () => {
    fc.assert(
      fc.property(fc.constantFrom("user" as const, "team" as const), fc.boolean(), (type, isPublic) => {
        const id = randomUUID()
        const key = makeUserTeamApiKey({ id, type, isPublic })
        const match = PATTERN.exec(key)
        assert.isNotNull(match, key)
        assert.strictEqual(match?.[1], isPublic ? "pk" : "sk")
        assert.strictEqual(match?.[3], id.replace(/-/g, ""))
        assert.strictEqual(match?.[4], type)
        // Self-hosted (+1) and public (+2), in Crockford base32.
        assert.strictEqual(match?.[5], isPublic ? "3" : "1")
        const body = key.slice(0, -8)
        assert.strictEqual(key.slice(-8), crc32(Buffer.from(body, "utf8")).toString(16).padStart(8, "0"))
        assert.deepStrictEqual(parseUserTeamApiKey(key), { id, type })
      }),
      { numRuns: 50 }
    )
  })

  it("parses nothing that is not a key: arbitrary strings, and keys with a changed character", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        assert.isUndefined(parseUserTeamApiKey(text))
      })
    )
    const key = makeUserTeamApiKey({ id: randomUUID(), type: "user", isPublic: false })
    fc.assert(
      fc.property(fc.integer({ min: 0, max: key.length - 1 }), fc.constantFrom(..."0123456789abcdefz_"), (at, char) => {
        fc.pre(key[at] !== char)
        assert.isUndefined(parseUserTeamApiKey(key.slice(0, at) + char + key.slice(at + 1)))
      })
    )
  })
})
