/**
 * The backend's key check over generated times: a key made with a generated expiry (or none), maybe revoked,
 * checked after a generated wait on the TestClock (no real sleeps), answers what the rule says: revoked
 * first, then expired, else the key. Also: a key never matches another key's row, and a tampered one is
 * not found.
 */
import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { userTeamApiKeyValidity } from "../../../src/domain/rules/api-key-validity.js"
import { checkUserTeamApiKey, createTeamApiKey } from "../../../backend/src/operations/projects/user-team-api-keys.js"
import { parseUserTeamApiKey } from "../../../backend/src/crypto/user-team-api-key-format.js"
import { layerDb } from "../../../backend/src/store/layer.js"
import { updateUserTeamApiKey } from "../../../backend/src/store/projects/user-team-api-keys.js"
import { insertTeam } from "../../../backend/src/store/teams/teams.js"

const PROJECT = "internal"
const START = Date.UTC(2026, 0, 1)
const DAY = 86_400_000

const cases = fc.sample(
  fc.record({
    expiresIn: fc.option(fc.integer({ min: -30 * DAY, max: 30 * DAY }), { nil: null }),
    revokeAfter: fc.option(fc.integer({ min: 0, max: 30 * DAY }), { nil: null }),
    wait: fc.integer({ min: 0, max: 60 * DAY })
  }),
  { numRuns: 40, seed: 22 }
)

const outcome = (check: ReturnType<typeof checkUserTeamApiKey>) =>
  Effect.match(check, { onFailure: (e) => e._tag, onSuccess: () => "Valid" })

layer(layerDb("memory"), { timeout: "120 seconds" })("the key check over generated times", (it) => {
  it.effect("answers revoked, then expired, else valid, at the TestClock's time", () =>
    Effect.gen(function* () {
      const teamId = crypto.randomUUID()
      yield* TestClock.setTime(START)
      yield* insertTeam({
        id: teamId,
        projectId: PROJECT,
        displayName: "Keys",
        profileImageUrl: null,
        clientMetadata: null,
        clientReadOnlyMetadata: null,
        serverMetadata: null,
        createdAt: new Date(START)
      })
      for (const c of cases) {
        yield* TestClock.setTime(START)
        const expiresAt = c.expiresIn === null ? null : new Date(START + c.expiresIn)
        const key = yield* createTeamApiKey(PROJECT, teamId, { description: "generated", expiresAt })
        let revokedAt: Date | null = null
        if (c.revokeAfter !== null && c.revokeAfter <= c.wait) {
          yield* TestClock.adjust(c.revokeAfter)
          revokedAt = new Date(START + c.revokeAfter)
          yield* updateUserTeamApiKey(PROJECT, key.id, { revokedAt })
        }
        yield* TestClock.setTime(START + c.wait)
        const expected = userTeamApiKeyValidity({ expiresAt, manuallyRevokedAt: revokedAt }, START + c.wait)._tag
        const tag = { Valid: "Valid", ManuallyRevoked: "ApiKeyRevoked", Expired: "ApiKeyExpired" }[expected]
        assert.strictEqual(yield* outcome(checkUserTeamApiKey(PROJECT, "team", key.value)), tag, JSON.stringify(c))
        // The same key at the user route is of the wrong kind, whatever its state.
        assert.strictEqual(yield* outcome(checkUserTeamApiKey(PROJECT, "user", key.value)), "WrongApiKeyType")
      }
    })
  )

  it.effect("a key with any one character changed is not found, and parses only when well formed", () =>
    Effect.gen(function* () {
      const teamId = crypto.randomUUID()
      yield* insertTeam({
        id: teamId,
        projectId: PROJECT,
        displayName: "Tamper",
        profileImageUrl: null,
        clientMetadata: null,
        clientReadOnlyMetadata: null,
        serverMetadata: null,
        createdAt: new Date(START)
      })
      const key = yield* createTeamApiKey(PROJECT, teamId, { description: "t", expiresAt: null })
      assert.deepStrictEqual(parseUserTeamApiKey(key.value), { id: key.id, type: "team" })
      const positions = fc.sample(fc.integer({ min: 3, max: key.value.length - 1 }), { numRuns: 25, seed: 7 })
      for (const at of positions) {
        const swapped = key.value[at] === "a" ? "b" : "a"
        const tampered = key.value.slice(0, at) + swapped + key.value.slice(at + 1)
        assert.strictEqual(yield* outcome(checkUserTeamApiKey(PROJECT, "team", tampered)), "ApiKeyNotFound", tampered)
      }
    })
  )
})
