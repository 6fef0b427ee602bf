import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { HANDLER_ROUTES } from "../../../src/domain/handler-routes.js"
import { decodeHandlerSearch, HANDLER_SEARCH_PARAMS, searchOfUrl } from "../../../src/react/handler/search.js"

const RUNS = { numRuns: 300 }
const page = fc.constantFrom(...HANDLER_ROUTES)
/** The page's own names more often than chance would pick them, next to any other. */
const name = (own: ReadonlyArray<string>) =>
  own.length === 0 ? fc.string() : fc.oneof(fc.constantFrom(...own), fc.string())
/** What a router's JSON search parser (or a hand-written navigation) may hand over for one parameter. */
const value = fc.oneof(
  fc.string(),
  fc.constant(""),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue()
)

describe("handler search decoders", () => {
  it("decode any search object: a page's parameter is kept exactly when it is a non-empty string", () => {
    fc.assert(
      fc.property(
        page,
        fc.dictionary(name(["code", "after_auth_return_to", "errorCode", "message", "state"]), value),
        (route, raw) => {
          const params: ReadonlyArray<string> = HANDLER_SEARCH_PARAMS[route]
          const decoded: Record<string, unknown> = decodeHandlerSearch(route)(raw)
          for (const key of Object.keys(decoded)) assert.include(params, key)
          for (const param of params) {
            const given = Object.prototype.hasOwnProperty.call(raw, param) ? raw[param] : undefined
            if (typeof given === "string" && given !== "") assert.strictEqual(decoded[param], given)
            else
              assert.isFalse(
                param in decoded,
                `${param} = ${JSON.stringify(given)} is the page's error state, not a value`
              )
          }
        }
      ),
      RUNS
    )
  })

  it("never throw, whatever the router hands over", () => {
    fc.assert(
      fc.property(page, fc.anything(), (route, raw) => {
        assert.isObject(decodeHandlerSearch(route)(raw))
      }),
      RUNS
    )
  })

  it("read a URL's query as the browser shows it: the first of a repeated name, numbers as written", () => {
    const search = decodeHandlerSearch("email-verification")(
      searchOfUrl("https://a.example/handler/email-verification?code=123456&code=x&other=1")
    )
    assert.deepStrictEqual(search, { code: "123456" })
    assert.deepStrictEqual(decodeHandlerSearch("email-verification")(searchOfUrl("https://a.example/x?code=")), {})
    // Inherited names are not parameters.
    assert.deepStrictEqual(decodeHandlerSearch("error")(Object.create({ message: "inherited" })), {})
  })
})
