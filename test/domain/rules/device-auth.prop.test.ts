/**
 * The device-authorization attempt as a state machine (domain/rules/device-auth.ts): random runs of steps and
 * clock moves, applied as the backend's conditional updates apply them, never leave the machine's rules: a
 * decision only from `waiting`, one pick-up only from `success`, `denied` and `used` for good, `expired` only
 * by time. And claim codes: generated ones read back, typed variants normalise to them.
 */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import {
  CLAIM_CODE_ALPHABET,
  claimCodeOf,
  type DeviceAuthState,
  type DeviceAuthStatus,
  deviceAuthStatus,
  deviceAuthStepAllowed,
  type DeviceAuthStep,
  normalizeClaimCode
} from "../../../src/domain/rules/device-auth.js"

type Event =
  | { readonly _tag: "step"; readonly step: DeviceAuthStep }
  | { readonly _tag: "tick"; readonly millis: number }

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.constantFrom<DeviceAuthStep>("approve", "deny", "consume").map((step) => ({ _tag: "step" as const, step })),
  fc.integer({ min: 0, max: 60_000 }).map((millis) => ({ _tag: "tick" as const, millis }))
)

/** A step as the store applies it: a conditional update that changes the row only where the rules allow. */
const apply = (state: DeviceAuthState, step: DeviceAuthStep, now: number): { state: DeviceAuthState; won: boolean } => {
  if (!deviceAuthStepAllowed(deviceAuthStatus(state, now), step)) return { state, won: false }
  switch (step) {
    case "approve":
      return { state: { ...state, confirmed: true }, won: true }
    case "deny":
      return { state: { ...state, deniedAt: new Date(now) }, won: true }
    case "consume":
      return { state: { ...state, usedAt: new Date(now) }, won: true }
  }
}

const TERMINAL: ReadonlyArray<DeviceAuthStatus> = ["denied", "used"]

describe("device authorization attempts", () => {
  it("follow the state machine through any run of steps and clock moves", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120_000 }), fc.array(event, { maxLength: 30 }), (lifetime, events) => {
        let now = 1_000_000
        let state: DeviceAuthState = {
          expiresAt: new Date(now + lifetime),
          usedAt: null,
          deniedAt: null,
          confirmed: false
        }
        let decisions = 0
        let pickUps = 0
        let previous = deviceAuthStatus(state, now)
        assert.strictEqual(previous, "waiting")
        for (const e of events) {
          if (e._tag === "tick") now += e.millis
          else {
            const before = deviceAuthStatus(state, now)
            const outcome = apply(state, e.step, now)
            state = outcome.state
            if (outcome.won && e.step !== "consume") decisions++
            if (outcome.won && e.step === "consume") pickUps++
            // A step wins exactly from the status the rules name for it.
            assert.strictEqual(outcome.won, e.step === "consume" ? before === "success" : before === "waiting")
          }
          const status = deviceAuthStatus(state, now)
          // `denied` and `used` are for good.
          if (TERMINAL.includes(previous)) assert.strictEqual(status, previous)
          // Nothing goes back to waiting; only time expires an attempt that was neither used nor denied.
          if (previous !== "waiting") assert.notStrictEqual(status, "waiting")
          if (status === "expired") assert.isTrue(now > state.expiresAt.getTime())
          previous = status
        }
        // One decision (approve or deny) at most, and one pick-up at most, and only of an approved attempt.
        assert.isAtMost(decisions, 1)
        assert.isAtMost(pickUps, 1)
        if (pickUps === 1) assert.isTrue(state.confirmed)
      })
    )
  })

  it("a status is decided in the service's order: used, denied, expired, then confirmed or waiting", () => {
    const date = fc.option(
      fc.integer({ min: 0, max: 10_000 }).map((t) => new Date(t)),
      { nil: null }
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        date,
        date,
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000 }),
        (expires, used, denied, confirmed, now) => {
          const status = deviceAuthStatus(
            { expiresAt: new Date(expires), usedAt: used, deniedAt: denied, confirmed },
            now
          )
          const expected =
            used !== null
              ? "used"
              : denied !== null
                ? "denied"
                : expires < now
                  ? "expired"
                  : confirmed
                    ? "success"
                    : "waiting"
          assert.strictEqual(status, expected)
        }
      )
    )
  })
})

describe("claim codes", () => {
  const bytes = fc.uint8Array({ minLength: 8, maxLength: 8 })

  it("are XXXX-XXXX over letters and digits without 0, O, 1 or I, and read back unchanged", () => {
    fc.assert(
      fc.property(bytes, (b) => {
        const code = claimCodeOf(b)
        assert.match(code, /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/)
        assert.strictEqual(normalizeClaimCode(code), code)
      })
    )
  })

  it("are found again as a person may type them: lower case, without the dash, with spaces", () => {
    fc.assert(
      fc.property(bytes, fc.constantFrom("", " ", "  ", "\t"), (b, gap) => {
        const code = claimCodeOf(b)
        const typed = `${gap}${code.toLowerCase().replace("-", gap)}${gap}`
        assert.strictEqual(normalizeClaimCode(typed), code)
      })
    )
  })

  it("refuse what has not eight letters or digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 -]{0,20}$/), (typed) => {
        const letters = typed.replace(/[^A-Za-z0-9]/g, "")
        assert.strictEqual(normalizeClaimCode(typed) === undefined, letters.length !== 8)
      })
    )
  })

  it("draw every letter of the alphabet equally often from uniform bytes", () => {
    const seen = new Map<string, number>()
    for (let byte = 0; byte < 256; byte++) {
      const letter = claimCodeOf(new Uint8Array(8).fill(byte))[0] ?? ""
      seen.set(letter, (seen.get(letter) ?? 0) + 1)
    }
    assert.strictEqual(seen.size, CLAIM_CODE_ALPHABET.length)
    for (const count of seen.values()) assert.strictEqual(count, 256 / CLAIM_CODE_ALPHABET.length)
  })
})
