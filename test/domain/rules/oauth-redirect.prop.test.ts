import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { stripOAuthCallbackParams } from "../../../src/domain/rules/oauth-redirect.js"

const encodedPart = fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s))
/** The key a query pair has once decoded, exactly as URLSearchParams reads it. */
const keyOf = (pair: string): string | undefined => [...new URLSearchParams(pair).keys()][0]
/** Raw `key=value` pairs with keys other than code and state, possibly spelt with odd encodings. */
const otherPair = fc
  .tuple(
    fc.oneof(encodedPart, fc.constantFrom("codes", "code_verifier", "Code", "STATE", "xstate", "next", "a+b", "%zz")),
    fc.oneof(encodedPart, fc.constantFrom("", "%20", "+", "a=b", "%2Fhome"))
  )
  .map(([k, v]) => `${k}=${v}`)
  .filter((pair) => !["code", "state", ""].includes(keyOf(pair) ?? ""))
const callbackPair = fc
  .tuple(fc.constantFrom("code", "state", "co%64e", "%73tate"), encodedPart)
  .map(([k, v]) => `${k}=${v}`)

const base = fc.constantFrom(
  "https://app.example.com/handler/oauth-callback",
  "http://localhost:3000/cb",
  "/handler/oauth-callback",
  ""
)
const fragment = fc.option(
  fc.webFragments().map((f) => `#${f}`),
  { nil: "" }
)

describe("stripping OAuth callback parameters", () => {
  it("removes code and state and keeps every other parameter, in order and byte for byte", () => {
    fc.assert(
      fc.property(
        base,
        fc.array(fc.tuple(fc.boolean(), otherPair, callbackPair), { minLength: 1, maxLength: 8 }),
        fragment,
        (b, slots, hash) => {
          const pairs = slots.map(([callback, other, cb]) => (callback ? cb : other))
          const others = slots.filter(([callback]) => !callback).map(([, other]) => other)
          const stripped = stripOAuthCallbackParams(`${b}?${pairs.join("&")}${hash}`)
          assert.strictEqual(stripped, `${b}${others.length === 0 ? "" : `?${others.join("&")}`}${hash}`)
          const params = new URL(stripped, "https://base.test").searchParams
          assert.isFalse(params.has("code"))
          assert.isFalse(params.has("state"))
        }
      )
    )
  })

  it("leaves URLs without a query untouched, fragment included", () => {
    fc.assert(
      fc.property(fc.webUrl({ withFragments: true }), (url) => {
        fc.pre(!url.includes("?"))
        assert.strictEqual(stripOAuthCallbackParams(url), url)
      })
    )
  })

  it("does not mistake a ?code= inside the fragment for a parameter", () => {
    assert.strictEqual(stripOAuthCallbackParams("https://a.test/cb#x?code=1"), "https://a.test/cb#x?code=1")
  })

  it("realistic callback", () => {
    assert.strictEqual(
      stripOAuthCallbackParams(
        "https://app.example.com/handler/oauth-callback?code=abc&after=%2Fdashboard&state=xyz#top"
      ),
      "https://app.example.com/handler/oauth-callback?after=%2Fdashboard#top"
    )
  })
})
