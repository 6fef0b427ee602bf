import { assert, describe, it } from "@effect/vitest"
import { knownErrorClassForCode, knownErrorClasses } from "../../../src/errors/index.js"
import { hostedMessages, messagesFromRaiseSite } from "../hosted-messages.js"

describe("known-error messages", () => {
  it("covers every code of the catalogue, once", () => {
    const covered = [...hostedMessages.map(([code]) => code), ...messagesFromRaiseSite]
    assert.deepStrictEqual([...covered].sort(), knownErrorClasses.map((c) => c.code).sort())
  })

  for (const [code, details, message] of hostedMessages) {
    it(`${code} says what the hosted service says`, () => {
      const cls = knownErrorClassForCode(code)
      assert.isDefined(cls)
      // The wire's `error` field is absent here, so the message comes from the catalogue and the details.
      const decoded = cls!.fromWire(details, undefined)
      assert.strictEqual(decoded._tag, "Success")
      if (decoded._tag === "Success") assert.strictEqual((decoded.success as { message: string }).message, message)
    })
  }
})
