/**
 * The renderer's limits on the mailed message, where the values come from users (a display name may be
 * 1,000,000 characters long): a template that repeats such a value is refused as not rendered, never a
 * crash of the string builder. (Over HTTP, for previews: test/backend/routes/pathological-input.test.ts.)
 */
import { assert, describe, it } from "@effect/vitest"
import { hostileTemplate, mailOf } from "./surfaces.js"

const LONG_NAME = "n".repeat(1_000_000)

describe("the mailed message within the renderer's limits", () => {
  it("refuses a template that repeats a long display name, in text, attributes and styles", () => {
    const style = Array.from({ length: 600 }, (_, i) => `a${i}: user.displayName`).join(", ")
    for (const jsx of [
      "{user.displayName}".repeat(5_000),
      `<p title={user.displayName + user.displayName}>x</p>`,
      `<p style={{ ${style} }}>x</p>`,
      `<p>{[${Array.from({ length: 600 }, () => "user.displayName").join(", ")}] + ""}</p>`
    ]) {
      const mail = mailOf(hostileTemplate(jsx), undefined, LONG_NAME)
      assert.isFalse(mail.ok, jsx.slice(0, 80))
    }
    // The same template renders a short name.
    assert.isTrue(mailOf(hostileTemplate(`<p style={{ ${style} }}>x</p>`), undefined, "Ada").ok)
  })
})
