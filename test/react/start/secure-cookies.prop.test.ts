/**
 * The `Secure` flag of the session cookies a server-rendered app's answer sets: the request URL's protocol,
 * or behind a trusted proxy the protocol it forwards (`Forwarded: proto=`, then `X-Forwarded-Proto`), or always
 * when the app says so; and the request's cookie writer marks every line it writes accordingly.
 */
import { parseSetCookie } from "cookie"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  forwardedProto,
  requestProtocol,
  secureCookiesFor,
  xForwardedProto
} from "../../../src/react/start/secure-cookies.js"
import { makeRequestCookieTokenStore } from "../../../src/services/app-server/token-store-request.js"

const headersOf = (entries: Record<string, string>) => ({
  get: (name: string) => entries[name.toLowerCase()] ?? null
})
const scheme = fc.constantFrom("http", "https", "HTTPS", "Http")
const proto = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,8}$/)
/** A `Forwarded` parameter other than proto, as a proxy may add them. */
const otherParam = fc
  .tuple(
    fc.constantFrom("for", "by", "host"),
    fc.constantFrom("192.0.2.1", '"[2001:db8::1]:4711"', "example.com", '"a;b,c"')
  )
  .map(([name, value]) => `${name}=${value}`)
/** One `Forwarded` element naming `p` among other parameters, its name in any case, its value quoted or not. */
const elementWith = (p: string) =>
  fc
    .tuple(
      fc.array(otherParam, { maxLength: 2 }),
      fc.array(otherParam, { maxLength: 2 }),
      fc.boolean(),
      fc.constantFrom("proto", "PROTO", "Proto")
    )
    .map(([before, after, quoted, name]) => [...before, `${name}=${quoted ? `"${p}"` : p}`, ...after].join(";"))

describe("the protocol a request's cookies follow", () => {
  it("is the URL's without a trusted proxy, whatever the headers say", () => {
    fc.assert(
      fc.property(scheme, proto, proto, (urlScheme, forwarded, legacy) => {
        const request = {
          url: `${urlScheme}://app.test/page`,
          headers: headersOf({ forwarded: `proto=${forwarded}`, "x-forwarded-proto": legacy })
        }
        expect(requestProtocol(request, {})).toBe(urlScheme.toLowerCase())
        expect(secureCookiesFor(request, { trustProxy: false })).toBe(urlScheme.toLowerCase() === "https")
      })
    )
  })

  it("is the first hop's of Forwarded behind a trusted proxy, before X-Forwarded-Proto", () => {
    fc.assert(
      fc.property(
        proto.chain((p) =>
          fc.tuple(fc.constant(p), elementWith(p), fc.array(proto.chain(elementWith), { maxLength: 2 }))
        ),
        proto,
        ([p, first, later], legacy) => {
          const header = [first, ...later].join(", ")
          expect(forwardedProto(header)).toBe(p.toLowerCase())
          const request = {
            url: "http://app.test/",
            headers: headersOf({ forwarded: header, "x-forwarded-proto": legacy })
          }
          expect(requestProtocol(request, { trustProxy: true })).toBe(p.toLowerCase())
        }
      )
    )
  })

  it("is X-Forwarded-Proto's first value when Forwarded names none, and the URL's when neither does", () => {
    fc.assert(
      fc.property(fc.array(proto, { minLength: 1, maxLength: 3 }), otherParam, scheme, (protos, other, urlScheme) => {
        expect(xForwardedProto(protos.join(" , "))).toBe(protos[0]?.toLowerCase())
        const request = {
          url: `${urlScheme}://app.test/`,
          headers: headersOf({ forwarded: other, "x-forwarded-proto": protos.join(", ") })
        }
        expect(requestProtocol(request, { trustProxy: true })).toBe(protos[0]?.toLowerCase())
        const bare = { url: `${urlScheme}://app.test/`, headers: headersOf({ forwarded: other }) }
        expect(requestProtocol(bare, { trustProxy: true })).toBe(urlScheme.toLowerCase())
      })
    )
  })

  it("makes every cookie Secure when the app says always", () => {
    fc.assert(
      fc.property(scheme, fc.boolean(), (urlScheme, trustProxy) => {
        const request = { url: `${urlScheme}://app.test/`, headers: headersOf({ "x-forwarded-proto": "http" }) }
        expect(secureCookiesFor(request, { secureCookies: "always", trustProxy })).toBe(true)
      })
    )
  })
})

describe("a request's cookie writer", () => {
  it("marks every line it writes Secure exactly when told", () => {
    const token = fc.stringMatching(/^[A-Za-z0-9._-]{1,40}$/)
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(token, { nil: null }),
        fc.option(token, { nil: null }),
        (secure, access, refresh) => {
          const lines: Array<string> = []
          const store = makeRequestCookieTokenStore({
            projectId: "p1",
            cookieHeader: "stack-refresh-p1=old",
            setCookie: (line) => void lines.push(line),
            secure
          })
          Effect.runSync(store.set({ accessToken: access, refreshToken: refresh }))
          expect(lines.length).toBeGreaterThan(0)
          for (const line of lines) {
            const cookie = parseSetCookie(line)
            expect(cookie.secure === true).toBe(secure || cookie.name.startsWith("__Host-"))
          }
        }
      )
    )
  })
})
