/** Provider scopes merged as the official SDK merges a link's scopes with `oauthScopesOnSignIn`. */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { mergeScopes } from "../../../src/domain/rules/scopes.js"

const scope = fc.stringMatching(/^[a-z:.]{1,8}$/)
const spaces = fc.stringMatching(/^[ \t]{0,3}$/)

describe("mergeScopes", () => {
  it("keeps every scope once, in the order first given, and nothing else", () => {
    fc.assert(
      fc.property(fc.array(scope), fc.option(fc.array(scope), { nil: undefined }), spaces, (given, configured, pad) => {
        const merged = mergeScopes(pad + given.join(` ${pad}`) + pad, configured)
        const all = [...given, ...(configured ?? [])]
        const expected = [...new Set(all)]
        if (expected.length === 0) assert.isUndefined(merged)
        else assert.strictEqual(merged, expected.join(" "))
      })
    )
  })

  it("examples", () => {
    assert.strictEqual(mergeScopes("repo user", ["user", "gist"]), "repo user gist")
    assert.strictEqual(mergeScopes(undefined, ["a b", "b"]), "a b")
    assert.isUndefined(mergeScopes("  ", []))
  })
})
