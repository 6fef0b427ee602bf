/**
 * Reading the session tokens of a request: what the client tier writes (the `x-stack-auth` header, the
 * cookie store's cookies) reads back as the same tokens from every kind of request, and anything else is
 * a typed refusal that never repeats what it was given.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as Result from "effect/Result"
import fc from "fast-check"
import { authHeaderValue, authHeadersOf } from "../../../src/services/session/auth-json.js"
import {
  decodeAuthHeader,
  headerOf,
  readRequestTokens,
  type SessionSource,
  tokensFromCookieHeader
} from "../../../src/services/app-server/request-tokens.js"
import { makeCookieTokenStore } from "../../../src/services/session/token-store-cookie.js"
import { FakeDocument } from "../../integration/support/oauth-browser.js"

/** Token-like text: what a real token could be (not empty, not the text "undefined", cookie-safe). */
const token = fc
  .string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_."),
    minLength: 1,
    maxLength: 80
  })
  .filter((t) => t !== "undefined")
const maybeToken = fc.option(token, { nil: null })
const tokens = fc.record({ accessToken: maybeToken, refreshToken: maybeToken })

/** The same headers as each kind of request presents them. */
const asRequests = (headers: Readonly<Record<string, string>>): ReadonlyArray<[string, SessionSource]> => [
  ["web Request", new Request("http://app.test/api", { headers })],
  ["HttpServerRequest", HttpServerRequest.fromWeb(new Request("http://app.test/api", { headers }))],
  [
    "IncomingMessage-like record",
    { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) }
  ]
]

const success = <A, E>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result)) assert.fail(`expected a success, got ${JSON.stringify(result.failure)}`)
  return result.success
}

describe("readRequestTokens", () => {
  it("reads back the x-stack-auth header the client tier writes, from every kind of request", () => {
    fc.assert(
      fc.property(tokens, (pair) => {
        for (const [kind, request] of asRequests(authHeadersOf(pair))) {
          assert.deepStrictEqual(success(readRequestTokens(request, "proj")), { tokens: pair, origin: "header" }, kind)
        }
      })
    )
  })

  it("reads back the cookies the client tier's cookie store writes, for its own project only", () => {
    fc.assert(
      fc.property(tokens, (pair) => {
        const doc = new FakeDocument()
        Effect.runSync(makeCookieTokenStore({ projectId: "proj", secure: false, document: doc }).set(pair))
        const cookie = doc.cookie
        // The official SDK's cookies keep an access token only beside its refresh token.
        const kept = {
          refreshToken: pair.refreshToken,
          accessToken: pair.refreshToken === null ? null : pair.accessToken
        }
        for (const [kind, request] of asRequests(cookie === "" ? {} : { cookie })) {
          assert.deepStrictEqual(success(readRequestTokens(request, "proj")), { tokens: kept, origin: "cookie" }, kind)
          assert.deepStrictEqual(success(readRequestTokens(request, "other")).tokens, {
            accessToken: null,
            refreshToken: null
          })
        }
      })
    )
  })

  it("an x-stack-auth header wins over cookies", () => {
    fc.assert(
      fc.property(tokens, token, (pair, other) => {
        const headers = {
          "x-stack-auth": authHeaderValue(pair),
          cookie: `stack-access-proj=${other}; stack-refresh-proj=${other}`
        }
        for (const [kind, request] of asRequests(headers)) {
          assert.deepStrictEqual(success(readRequestTokens(request, "proj")).tokens, pair, kind)
        }
      })
    )
  })

  it("a given auth JSON value reads as itself", () => {
    fc.assert(
      fc.property(tokens, (pair) => {
        assert.deepStrictEqual(success(readRequestTokens({ authJson: pair }, "proj")), { tokens: pair, origin: "json" })
      })
    )
  })
})

describe("decodeAuthHeader", () => {
  it("refuses anything but an object of string-or-null tokens, never throwing, never quoting the input", () => {
    const notAnAuthObject = fc.oneof(
      fc.string(),
      fc.json().filter((text) => {
        const value: unknown = JSON.parse(text)
        return typeof value !== "object" || value === null || Array.isArray(value)
      }),
      fc
        .record({ accessToken: fc.oneof(fc.integer(), fc.boolean(), fc.array(token), fc.constant("undefined")) })
        .map((value) => JSON.stringify(value))
    )
    fc.assert(
      fc.property(notAnAuthObject, (text) => {
        const result = decodeAuthHeader(text)
        if (Result.isSuccess(result)) {
          // fc.string() can happen to be valid JSON of the right shape ("{}" and the like).
          const value: unknown = JSON.parse(text)
          assert.isTrue(typeof value === "object" && value !== null && !Array.isArray(value), text)
          return
        }
        assert.strictEqual(result.failure._tag, "MalformedAuthJson")
        if (text.length > 3) assert.notInclude(result.failure.message, text)
      })
    )
  })

  it("names the field that is wrong, and the text 'undefined' as a serialisation bug", () => {
    const wrongType = decodeAuthHeader(JSON.stringify({ accessToken: "a", refreshToken: 7 }))
    assert.isTrue(Result.isFailure(wrongType) && wrongType.failure.message.startsWith("refreshToken"))
    const undefinedText = decodeAuthHeader(JSON.stringify({ accessToken: "undefined", refreshToken: null }))
    assert.isTrue(Result.isFailure(undefinedText) && undefinedText.failure.message.includes("'undefined'"))
    assert.isTrue(Result.isFailure(decodeAuthHeader("{")))
  })

  it("an empty token is no token", () => {
    assert.deepStrictEqual(success(decodeAuthHeader(`{"accessToken":"","refreshToken":"r"}`)), {
      accessToken: null,
      refreshToken: "r"
    })
  })
})

describe("tokensFromCookieHeader and headerOf", () => {
  it("a cookie holding the text 'undefined' is no token", () => {
    assert.deepStrictEqual(tokensFromCookieHeader("stack-access-p=undefined; stack-refresh-p=r1", "p"), {
      accessToken: null,
      refreshToken: "r1"
    })
  })

  it("a header sent twice reads as its values joined, as fetch joins them", () => {
    assert.strictEqual(headerOf({ cookie: ["a=1", "b=2"] }, "cookie"), "a=1, b=2")
    assert.isNull(headerOf({}, "cookie"))
    assert.strictEqual(headerOf(new Headers({ Cookie: "a=1" }), "cookie"), "a=1")
  })
})
