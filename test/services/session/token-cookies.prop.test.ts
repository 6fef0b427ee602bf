/**
 * The session cookies under the service's two names (src/services/session/token-cookies.ts): the store writes
 * the official SDK's cookies, reads the old names when no new one holds a session, and leaves no old or stale
 * cookie of its project behind to be read back after a write; other projects' cookies stay.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { makeCookieTokenStore, readTokenCookies } from "../../../src/services/session/token-store-cookie.js"
import { tokenCookieWrites } from "../../../src/services/session/token-cookies.js"

/** `document.cookie` of one host: a write with Max-Age=0 deletes (a Domain cookie only with its Domain). */
class Jar {
  readonly cookies = new Map<string, string>()
  readonly deleted: Array<string> = []
  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
  }
  set cookie(line: string) {
    const [pair = ""] = line.split(";")
    const name = pair.slice(0, pair.indexOf("="))
    if (/max-age=0/i.test(line)) {
      this.deleted.push(line)
      this.cookies.delete(name)
    } else this.cookies.set(name, pair.slice(pair.indexOf("=") + 1))
  }
}

const token = fc.stringMatching(/^[A-Za-z0-9._-]{1,40}$/).filter((t) => t !== "undefined")
const maybe = fc.option(token, { nil: null })
const PROJECT = "proj"
/** Crockford base32 of `app.example.com` (the SDK's `encodeBase32`), as it names a parent-domain cookie. */
const CUSTOM = `hexclave-refresh-${PROJECT}--custom-C5R70BK5F1GPTW3CCMQ66VVD`

/** A jar holding an old or stale session of the project under every name that reads as one. */
const oldCookies = (refresh: string, access: string): ReadonlyArray<readonly [string, string]> => [
  [`stack-refresh-${PROJECT}`, refresh],
  ["stack-refresh", refresh],
  [`stack-refresh-${PROJECT}--default`, encodeURIComponent(JSON.stringify({ refresh_token: refresh }))],
  [`__Host-stack-refresh-${PROJECT}--default`, encodeURIComponent(JSON.stringify({ refresh_token: refresh }))],
  [`stack-access-${PROJECT}`, access],
  ["stack-access", encodeURIComponent(JSON.stringify([refresh, access]))],
  [`__Host-hexclave-refresh-${PROJECT}--default`, encodeURIComponent(JSON.stringify({ refresh_token: refresh }))],
  [CUSTOM, encodeURIComponent(JSON.stringify({ refresh_token: refresh, updated_at_millis: 1 }))]
]
const someOld = (refresh: string, access: string) => fc.subarray([...oldCookies(refresh, access)])

describe("the session cookies", () => {
  it.effect("a write is read back, leaves no old session of the project and no other project's cookie touched", () =>
    Effect.gen(function* () {
      const run = Effect.runPromiseWith(yield* Effect.context<never>())
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(maybe, maybe, token, token, fc.boolean(), (refresh, access, stale, staleAccess, secure) =>
            fc.assert(
              fc.asyncProperty(someOld(stale, staleAccess), async (old) => {
                const jar = new Jar()
                for (const [name, value] of old) jar.cookies.set(name, value)
                jar.cookies.set("stack-refresh-other", "theirs")
                jar.cookies.set("hexclave-refresh-other--default", "theirs")
                await run(
                  makeCookieTokenStore({ projectId: PROJECT, secure, document: jar }).set({
                    refreshToken: refresh,
                    accessToken: access
                  })
                )
                assert.deepStrictEqual(readTokenCookies(jar.cookie, PROJECT), {
                  refreshToken: refresh,
                  accessToken: refresh === null ? null : access
                })
                assert.strictEqual(jar.cookies.get("stack-refresh-other"), "theirs")
                assert.strictEqual(jar.cookies.get("hexclave-refresh-other--default"), "theirs")
              }),
              { numRuns: 5 }
            )
          ),
          { numRuns: 40 }
        )
      )
    })
  )

  it("reads the old names when no new cookie holds a session, and the new ones first", () => {
    fc.assert(
      fc.property(token, token, token, token, (oldRefresh, oldAccess, refresh, access) => {
        fc.pre(oldRefresh !== refresh)
        const structured = encodeURIComponent(JSON.stringify({ refresh_token: oldRefresh }))
        const pair = encodeURIComponent(JSON.stringify([oldRefresh, oldAccess]))
        const cases: ReadonlyArray<readonly [string, string | null]> = [
          [`stack-refresh-${PROJECT}=${oldRefresh}; stack-access-${PROJECT}=${oldAccess}`, oldAccess],
          [`stack-refresh=${oldRefresh}; stack-access=${pair}`, oldAccess],
          [`stack-refresh-${PROJECT}--default=${structured}`, null],
          [`__Host-stack-refresh-${PROJECT}--default=${structured}; stack-access=${pair}`, oldAccess]
        ]
        for (const [jar, accessToken] of cases) {
          assert.deepStrictEqual(readTokenCookies(jar, PROJECT), { refreshToken: oldRefresh, accessToken }, jar)
        }
        const both =
          oldCookies(oldRefresh, oldAccess)
            .map(([k, v]) => `${k}=${v}`)
            .join("; ") +
          `; hexclave-refresh-${PROJECT}--default=${encodeURIComponent(JSON.stringify({ refresh_token: refresh, updated_at_millis: 9e12 }))}` +
          `; hexclave-access=${encodeURIComponent(JSON.stringify([refresh, access]))}`
        assert.deepStrictEqual(readTokenCookies(both, PROJECT), { refreshToken: refresh, accessToken: access })
      })
    )
  })

  it("an access cookie counts only beside its own refresh token (another project's is ignored)", () => {
    fc.assert(
      fc.property(token, token, token, (refresh, other, access) => {
        fc.pre(refresh !== other)
        const jar =
          `hexclave-refresh-${PROJECT}--default=${encodeURIComponent(JSON.stringify({ refresh_token: refresh }))}; ` +
          `hexclave-access=${encodeURIComponent(JSON.stringify([other, access]))}`
        assert.deepStrictEqual(readTokenCookies(jar, PROJECT), { refreshToken: refresh, accessToken: null })
      })
    )
  })

  it.effect(
    "stamps the refresh cookie with the Clock's time; signing out deletes an SDK parent-domain cookie with its domain",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(1_700_000_000_000)
        const jar = new Jar()
        const store = makeCookieTokenStore({ projectId: PROJECT, secure: true, document: jar })
        yield* store.set({ refreshToken: "r1", accessToken: "a1" })
        const stamped: unknown = JSON.parse(
          decodeURIComponent(jar.cookies.get(`__Host-hexclave-refresh-${PROJECT}--default`) ?? "")
        )
        assert.deepStrictEqual(stamped, { refresh_token: "r1", updated_at_millis: 1_700_000_000_000 })
        jar.cookies.set(CUSTOM, encodeURIComponent(JSON.stringify({ refresh_token: "r0", updated_at_millis: 2e12 })))
        assert.strictEqual(
          readTokenCookies(jar.cookie, PROJECT).refreshToken,
          "r0",
          "the newest structured cookie wins"
        )
        yield* store.set({ refreshToken: null, accessToken: null })
        assert.deepStrictEqual([...jar.cookies.keys()], [])
        assert.isTrue(
          jar.deleted.some((line) => line.startsWith(`${CUSTOM}=`) && line.includes("; Domain=app.example.com"))
        )
      })
  )

  it("keeps an SDK parent-domain cookie that holds the stored session", () => {
    const jar = `${CUSTOM}=${encodeURIComponent(JSON.stringify({ refresh_token: "r1", updated_at_millis: 1 }))}`
    const writes = tokenCookieWrites(
      PROJECT,
      { refreshToken: "r1", accessToken: null },
      { secure: false, updatedAtMillis: 5, jar }
    )
    assert.deepStrictEqual(
      writes.map((w) => w.name),
      [`hexclave-refresh-${PROJECT}--default`, "hexclave-access"]
    )
  })
})
