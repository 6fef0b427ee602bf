import { parseCookie, parseSetCookie } from "cookie"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { readCookie, setCookieLine } from "../../../src/services/session/cookie-text.js"

// The `cookie` package is the reference: what stackfx writes must read back through it as a browser would.
const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/)
const value = fc.string({ minLength: 1, maxLength: 40 })

describe("cookie text", () => {
  it("a written line parses back to the same name, value and attributes", () => {
    fc.assert(
      fc.property(name, value, fc.integer({ min: 1, max: 10_000_000 }), fc.boolean(), (n, v, maxAge, secure) => {
        const parsed = parseSetCookie(setCookieLine(n, v, maxAge, secure))
        expect(parsed).toMatchObject({ name: n, value: v, maxAge, path: "/", sameSite: "lax" })
        expect(parsed.secure === true).toBe(secure)
        expect(parsed.expires).toBeUndefined()
      })
    )
  })

  it("null writes an empty value that expires at once", () => {
    const parsed = parseSetCookie(setCookieLine("stack-refresh-p", null, 3600, false))
    expect(parsed).toMatchObject({ name: "stack-refresh-p", value: "", maxAge: 0, path: "/" })
    expect(parsed.expires?.getTime()).toBe(0)
  })

  it("reads what the cookie package reads from a jar of written values", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(name, value), { selector: ([n]) => n, maxLength: 6 }),
        name,
        (pairs, probe) => {
          const header = pairs.map(([n, v]) => `${n}=${encodeURIComponent(v)}`).join("; ")
          for (const n of [probe, ...pairs.map(([n]) => n)]) expect(readCookie(header, n)).toBe(parseCookie(header)[n])
        }
      )
    )
  })

  it("the first of a repeated name wins, and a malformed escape is returned as it is", () => {
    expect(readCookie("a=1; a=2", "a")).toBe("1")
    expect(readCookie(" a = %E0%A4%A ; b=x", "a")).toBe("%E0%A4%A")
    expect(readCookie("ab=1", "a")).toBeUndefined()
  })
})
