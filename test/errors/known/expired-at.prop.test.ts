/**
 * The expired-access-token messages quote the expiry instant. A server may send any number there, and a
 * number no Date can hold (fast-check found 8.64e15 + 1 and beyond) must not make building the error throw.
 */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { expiredAtSuffix } from "../../../src/errors/known/messages.js"

const MAX_DATE_MILLIS = 8.64e15

describe("expiredAtSuffix", () => {
  it("quotes an instant a Date can hold and leaves out one it cannot, never throwing", () => {
    assert.strictEqual(expiredAtSuffix(MAX_DATE_MILLIS + 1), "")
    assert.strictEqual(expiredAtSuffix(Number.NaN), "")
    assert.strictEqual(expiredAtSuffix(0), "")
    assert.strictEqual(expiredAtSuffix(1_000), " (The access token expired at 1970-01-01T00:00:01.000Z.)")
    fc.assert(
      fc.property(fc.double(), (millis) => {
        const suffix = expiredAtSuffix(millis)
        const representable = Math.abs(millis) <= MAX_DATE_MILLIS && millis !== 0
        assert.strictEqual(suffix !== "", representable)
      })
    )
  })
})
