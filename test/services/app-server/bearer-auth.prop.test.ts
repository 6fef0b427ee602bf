/**
 * `Authorization: Bearer hexclave_<base64 of the auth JSON>` (and `stackauth_…`, its name before the service's
 * rename), as the official SDK's `getAuthorizationHeader()` writes it: the app-server reader takes it before
 * `x-stack-auth` and the cookies, refuses a malformed one without quoting it, and leaves any other
 * authorization to the app.
 */
import { assert, describe, it } from "vitest"
import * as Result from "effect/Result"
import fc from "fast-check"
import { readRequestTokens } from "../../../src/services/app-server/request-tokens.js"

const token = fc.stringMatching(/^[A-Za-z0-9._-]{1,60}$/).filter((t) => t !== "undefined")
const tokens = fc.record({
  accessToken: fc.option(token, { nil: null }),
  refreshToken: fc.option(token, { nil: null })
})
const prefix = fc.constantFrom("hexclave_", "stackauth_")
const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64")
const request = (headers: Record<string, string>) => new Request("http://app.test/api", { headers })

describe("the Bearer auth JSON", () => {
  it("is read under both prefixes, before x-stack-auth and the cookies", () => {
    fc.assert(
      fc.property(tokens, prefix, fc.constantFrom("Bearer", "bearer"), (pair, p, scheme) => {
        const read = readRequestTokens(
          request({
            authorization: `${scheme} ${p}${base64(JSON.stringify(pair))}`,
            "x-stack-auth": JSON.stringify({ accessToken: "other", refreshToken: "other" }),
            cookie: "stack-refresh-proj=other"
          }),
          "proj"
        )
        assert.deepStrictEqual(Result.isSuccess(read) && read.success, { tokens: pair, origin: "authorization" })
      })
    )
  })

  it("a malformed one is MalformedAuthJson that does not quote it", () => {
    fc.assert(
      fc.property(prefix, fc.oneof(fc.constant(""), fc.constant("%%%"), fc.string().map(base64)), (p, rest) => {
        const read = readRequestTokens(request({ authorization: `Bearer ${p}${rest}` }), "proj")
        if (Result.isSuccess(read)) {
          // fc.string() may happen to be JSON of an auth object ("{}").
          assert.strictEqual(read.success.origin, "authorization")
          return
        }
        assert.strictEqual(read.failure._tag, "MalformedAuthJson")
        if (rest.length > 3) assert.notInclude(read.failure.message, rest)
      })
    )
  })

  it("any other authorization passes to the next source", () => {
    for (const authorization of ["Bearer some-app-token", "Basic dXNlcjpwYXNz", "hexclave_abc", "Bearer"]) {
      const read = readRequestTokens(request({ authorization, cookie: "stack-refresh-proj=r1" }), "proj")
      assert.deepStrictEqual(
        Result.isSuccess(read) && read.success,
        { tokens: { accessToken: null, refreshToken: "r1" }, origin: "cookie" },
        authorization
      )
    }
  })
})
