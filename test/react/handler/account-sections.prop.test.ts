/** Which account settings section a URL shows, on the server and in the page alike. */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import {
  ACCOUNT_SECTIONS,
  offeredSections,
  requestedSection,
  sectionHref,
  shownSection
} from "../../../src/react/handler/account-sections.js"

const RUNS = { numRuns: 300 }
const config = fc.record({ allowUserApiKeys: fc.boolean() })
const requested = fc.oneof(fc.constantFrom(...ACCOUNT_SECTIONS), fc.string(), fc.constant(undefined))

describe("account settings sections", () => {
  it("shows the section named when the project offers it, else the profile", () => {
    fc.assert(
      fc.property(requested, config, (name, project) => {
        const shown = shownSection(name, project)
        assert.include(offeredSections(project), shown)
        const offered = (offeredSections(project) as ReadonlyArray<string | undefined>).includes(name)
        assert.strictEqual(shown, offered ? name : "profile")
      }),
      RUNS
    )
  })

  it("offers API keys only where the project allows user API keys", () => {
    assert.notInclude(offeredSections({ allowUserApiKeys: false }), "api-keys")
    assert.deepStrictEqual(offeredSections({ allowUserApiKeys: true }), ACCOUNT_SECTIONS)
  })

  it("a section's link names it back, whatever query the page's URL carries", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACCOUNT_SECTIONS),
        fc.constantFrom("/handler/account-settings", "/app/handler/account-settings?x=1", "account-settings"),
        (section, page) => assert.strictEqual(requestedSection(sectionHref(page, section)), section)
      ),
      RUNS
    )
    assert.isUndefined(requestedSection("account-settings"))
    assert.isUndefined(requestedSection("account-settings?other=1"))
  })
})
