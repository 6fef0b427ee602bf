import { parseSetCookie } from "cookie"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { makeCookieTokenStore } from "../../../src/services/session/token-store-cookie.js"
import { makeRequestCookieTokenStore } from "../../../src/services/app-server/token-store-request.js"
import type { StoredTokens } from "../../../src/services/session/token-store.js"

const token = fc.stringMatching(/^[A-Za-z0-9._~+/=-]{1,60}$/)
// The sessions the cookies can hold: the official SDK's format pairs an access token with its refresh token,
// so an access token alone is not kept (token-cookies.ts).
const tokens = fc
  .record({ accessToken: fc.option(token, { nil: null }), refreshToken: fc.option(token, { nil: null }) })
  .filter((t) => t.refreshToken !== null || t.accessToken === null)

/** A browser's cookie jar over `Set-Cookie` lines: what the next request's `Cookie` header holds. */
const jarAfter = (lines: ReadonlyArray<string>): string => {
  const jar = new Map<string, string>()
  for (const line of lines) {
    const cookie = parseSetCookie(line)
    if (cookie.maxAge === 0) jar.delete(cookie.name)
    else jar.set(cookie.name, cookie.value ?? "")
  }
  return [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ")
}

describe("the request's cookie token store", () => {
  it("reads the tokens of the request's cookies, and its writes are the browser's next cookies", () => {
    fc.assert(
      fc.property(tokens, tokens, (before, after) => {
        const lines: Array<string> = []
        // The browser's store wrote `before`; the request carries its cookies.
        const store = makeRequestCookieTokenStore({
          projectId: "p",
          cookieHeader: jarAfter(setLinesOf(before)) || null,
          setCookie: (line) => lines.push(line),
          secure: false
        })
        expect(Effect.runSync(store.get)).toEqual(before)
        Effect.runSync(store.set(after))
        // What it wrote, it reads back (the request's later calls), and the browser's next request carries it.
        expect(store.peek?.()).toEqual(after)
        const next = makeRequestCookieTokenStore({
          projectId: "p",
          cookieHeader: jarAfter([...setLinesOf(before), ...lines]),
          setCookie: () => undefined,
          secure: false
        })
        expect(Effect.runSync(next.get)).toEqual(after)
      })
    )
  })

  it("writes nothing when the tokens do not change, and Secure cookies for an https request", () => {
    const lines: Array<string> = []
    const store = makeRequestCookieTokenStore({
      projectId: "p",
      cookieHeader: "stack-access-p=a; stack-refresh-p=r",
      setCookie: (line) => lines.push(line),
      secure: true
    })
    Effect.runSync(store.set({ accessToken: "a", refreshToken: "r" }))
    expect(lines).toEqual([])
    Effect.runSync(store.set({ accessToken: null, refreshToken: null }))
    // Sign-out deletes the session's cookies and the old-named ones the request carried, all Secure.
    const written = lines.map((line) => parseSetCookie(line))
    expect(written.map((c) => c.name).sort()).toEqual(
      ["__Host-hexclave-refresh-p--default", "hexclave-access", "stack-access-p", "stack-refresh-p"].sort()
    )
    for (const cookie of written) expect(cookie).toMatchObject({ value: "", maxAge: 0, secure: true })
    // The browser's next request, with the deletions applied, carries no session.
    const next = makeRequestCookieTokenStore({
      projectId: "p",
      cookieHeader: jarAfter(["stack-access-p=a", "stack-refresh-p=r", ...lines]) || null,
      setCookie: () => undefined,
      secure: true
    })
    expect(Effect.runSync(next.get)).toEqual({ accessToken: null, refreshToken: null })
  })
})

/** The `Set-Cookie` lines of the browser store's write of `tokens`. */
const setLinesOf = (tokens: StoredTokens): ReadonlyArray<string> => {
  const lines: Array<string> = []
  const doc = {
    get cookie() {
      return ""
    },
    set cookie(line: string) {
      lines.push(line)
    }
  }
  Effect.runSync(makeCookieTokenStore({ projectId: "p", document: doc, secure: false }).set(tokens))
  return lines
}
