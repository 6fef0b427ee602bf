import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { EmailAddress, isEmailAddress } from "../../../src/domain/rules/email.js"

const part = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/[\s@]/.test(s))
const address = fc.tuple(part, part).map(([local, domain]) => `${local}@${domain}`)
const padding = fc.array(fc.constantFrom(" ", "\t", "\n", "\r"), { maxLength: 3 }).map((a) => a.join(""))
const decodes = (value: string) => Schema.decodeUnknownExit(EmailAddress)(value)._tag === "Success"

describe("the e-mail address rule", () => {
  it("accepts local@domain with no whitespace", () => {
    fc.assert(fc.property(address, (a) => isEmailAddress(a) && decodes(a)))
  })

  it("judges the trimmed value: surrounding whitespace never changes the verdict", () => {
    fc.assert(
      fc.property(
        fc.string(),
        padding,
        padding,
        (s, before, after) =>
          isEmailAddress(`${before}${s}${after}`) === isEmailAddress(s) &&
          decodes(`${before}${s}${after}`) === isEmailAddress(s)
      )
    )
  })

  it("decoding keeps the value as sent (trimming is the caller's, before storing)", () => {
    fc.assert(
      fc.property(address, padding, (a, pad) => {
        const sent = `${pad}${a}${pad}`
        return Schema.decodeUnknownSync(EmailAddress)(sent) === sent
      })
    )
  })

  it("refuses whitespace inside, a missing side or a second @", () => {
    fc.assert(
      fc.property(
        part,
        part,
        fc.constantFrom(" ", "\t", "@"),
        (local, domain, bad) =>
          !isEmailAddress(`${local}${bad}x@${domain}`) && !isEmailAddress(`${local}@`) && !isEmailAddress(`@${domain}`)
      )
    )
    assert.isFalse(isEmailAddress("   "))
    assert.isFalse(isEmailAddress("ada"))
  })
})
