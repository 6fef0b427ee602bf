import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import fc from "fast-check"
import { isRelativeUrl, isTrustedRedirect } from "../../../src/domain/rules/redirect-trust.js"
import { checkRedirectUrl } from "../../../src/services/navigation/redirects.js"

const segment = fc.webSegment().filter((s) => s !== "" && !s.includes("\\"))
const query = fc.webQueryParameters().map((q) => (q === "" ? "" : `?${q}`))
const fragment = fc.webFragments().map((f) => (f === "" ? "" : `#${f}`))

/** Root-relative, path-relative, dot-relative, query-only and fragment-only URLs. */
const relativeUrl = fc
  .tuple(fc.constantFrom("/", "", "./", "../"), fc.array(segment, { maxLength: 4 }), query, fragment)
  .map(([prefix, segments, q, f]) => {
    const path = prefix + segments.join("/")
    // A path-relative URL whose first segment has a colon would read as a scheme (`javascript:x`), which is
    // not a relative URL at all; a leading `/` or `./` keeps it a path.
    return (prefix === "" && /^[^/?#]*:/.test(path) ? `./${path}` : path) + q + f
  })

const hostArb = fc.domain()
const pathArb = fc.array(segment, { maxLength: 3 }).map((s) => `/${s.join("/")}`)

/** A trusted list of plain origins and a host that is on none of them. */
const trustedAndForeign = fc.uniqueArray(hostArb, { minLength: 2, maxLength: 5 }).map((hosts) => ({
  trusted: hosts.slice(1),
  foreign: hosts[0]!
}))

const options = (trusted: ReadonlyArray<string>) => ({ trustedDomains: trusted.map((h) => `https://${h}`) })

/** Ways to smuggle a foreign host past a naive check, given one trusted host. */
const attacks = (trusted: string, foreign: string): ReadonlyArray<string> => [
  `https://${foreign}`,
  `https://${foreign}/`,
  `//${foreign}`,
  `//${foreign}/${trusted}`,
  `///${foreign}`,
  `/\\${foreign}`,
  `\\\\${foreign}`,
  `\\/${foreign}`,
  ` //${foreign}`,
  `\t//${foreign}`,
  `/\t/${foreign}`,
  `https:${foreign}`,
  `https:/${foreign}`,
  `https:\\\\${foreign}`,
  `http:${foreign}`,
  `https://${trusted}@${foreign}`,
  `https://${trusted}:443@${foreign}`,
  `https://user:pass@${foreign}/`,
  `https://${trusted}.${foreign}`,
  `https://${foreign}/${trusted}`,
  `https://${foreign}?next=https://${trusted}`,
  `https://${foreign}#https://${trusted}`,
  `https://${foreign}\\@${trusted}`,
  `http://${trusted}`,
  `https://${trusted}:8443`,
  `wss://${trusted}`,
  `ftp://${trusted}/`,
  `javascript:alert(1)`,
  `JavaScript:alert(document.domain)//https://${trusted}`,
  `java\tscript:alert(1)`,
  `data:text/html,<script>alert(1)</script>`,
  `vbscript:msgbox(1)`,
  `https://user@${trusted}/`
]

describe("redirect trust", () => {
  it("always accepts relative URLs, even with an empty trusted list", () => {
    fc.assert(
      fc.property(relativeUrl, (url) => {
        assert.isTrue(isRelativeUrl(url), url)
        assert.isTrue(Result.isSuccess(checkRedirectUrl(url, { trustedDomains: [] })), url)
      })
    )
  })

  it("never accepts a generated absolute URL whose host is not trusted", () => {
    fc.assert(
      fc.property(
        trustedAndForeign,
        fc.webUrl({
          authoritySettings: { withUserInfo: true, withPort: true, withIPv4: true, withIPv6: true },
          withQueryParameters: true,
          withFragments: true
        }),
        ({ trusted }, url) => {
          const host = new URL(url).hostname
          fc.pre(!trusted.includes(host))
          assert.isFalse(isTrustedRedirect(url, options(trusted)), url)
        }
      )
    )
  })

  it("refuses every smuggling trick: userinfo, backslashes, //, other scheme or port, script URLs", () => {
    fc.assert(
      fc.property(trustedAndForeign, ({ trusted, foreign }) => {
        for (const url of attacks(trusted[0]!, foreign)) {
          const result = checkRedirectUrl(url, options(trusted))
          assert.isTrue(Result.isFailure(result), url)
        }
      })
    )
  })

  it("accepts absolute URLs on a trusted origin", () => {
    fc.assert(
      fc.property(trustedAndForeign, pathArb, query, fragment, ({ trusted }, path, q, f) => {
        for (const host of trusted) assert.isTrue(isTrustedRedirect(`https://${host}${path}${q}${f}`, options(trusted)))
      })
    )
  })

  it("compares ports after normalisation", () => {
    fc.assert(
      fc.property(
        hostArb,
        fc.integer({ min: 1, max: 65535 }).filter((p) => p !== 443),
        (host, port) => {
          const withPort = { trustedDomains: [`https://${host}:${port}`] }
          assert.isTrue(isTrustedRedirect(`https://${host}:${port}/x`, withPort))
          assert.isFalse(isTrustedRedirect(`https://${host}/x`, withPort))
          assert.isTrue(isTrustedRedirect(`https://${host}/x`, { trustedDomains: [`https://${host}:443`] }))
        }
      )
    )
  })

  it("`*` matches one label, `**` any number, and neither matches the bare domain", () => {
    fc.assert(
      fc.property(
        hostArb,
        fc.array(fc.stringMatching(/^[a-z0-9]{1,10}$/), { minLength: 2, maxLength: 3 }),
        (base, labels) => {
          const one = { trustedDomains: [`https://*.${base}`] }
          const many = { trustedDomains: [`https://**.${base}`] }
          assert.isTrue(isTrustedRedirect(`https://${labels[0]}.${base}/`, one))
          assert.isFalse(isTrustedRedirect(`https://${labels.join(".")}.${base}/`, one))
          assert.isTrue(isTrustedRedirect(`https://${labels.join(".")}.${base}/`, many))
          assert.isFalse(isTrustedRedirect(`https://${base}/`, one))
          assert.isFalse(isTrustedRedirect(`https://${base}/`, many))
          assert.isFalse(isTrustedRedirect(`https://${labels[0]}${base}/`, one))
          assert.isFalse(isTrustedRedirect(`https://${labels[0]}.${base}.evil.test/`, many))
        }
      )
    )
  })

  it("trusts localhost only when allowed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("localhost", "app.localhost", "127.0.0.1", "127.1.2.3", "[::1]"),
        fc.integer({ min: 1, max: 65535 }),
        (host, port) => {
          const url = `http://${host}:${port}/cb`
          assert.isTrue(isTrustedRedirect(url, { trustedDomains: [], allowLocalhost: true }))
          assert.isFalse(isTrustedRedirect(url, { trustedDomains: [], allowLocalhost: false }))
          assert.isFalse(isTrustedRedirect(url, { trustedDomains: [] }))
        }
      )
    )
  })

  it("ignores trusted entries that are not URLs", () => {
    assert.isFalse(
      isTrustedRedirect("https://app.example.com/", { trustedDomains: ["app.example.com", "", "not a url"] })
    )
  })

  it("fails with the hosted SDK's message", () => {
    const result = checkRedirectUrl("https://evil.com/x", { trustedDomains: ["https://app.example.com"] })
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) {
      assert.strictEqual(result.failure._tag, "RedirectNotTrusted")
      assert.strictEqual(result.failure.url, "https://evil.com/x")
      assert.strictEqual(result.failure.message, "Redirect URL https://evil.com/x is not trusted; should be relative.")
    }
  })

  it("succeeds with the URL unchanged", () => {
    const url = "https://app.example.com/after?x=%20#y"
    assert.deepStrictEqual(checkRedirectUrl(url, { trustedDomains: ["https://app.example.com"] }), Result.succeed(url))
  })
  it("a port wildcard matches every port of the pattern's hosts, the default one too, and nothing else", () => {
    fc.assert(
      fc.property(
        hostArb,
        fc.stringMatching(/^[a-z0-9]{1,10}$/),
        fc.integer({ min: 1, max: 65535 }),
        fc.constantFrom("https", "http"),
        (base, label, port, scheme) => {
          const other = scheme === "https" ? "http" : "https"
          const trust = (pattern: string) => ({ trustedDomains: [pattern] })
          const anyPort = trust(`${scheme}://*.${base}:*`)
          assert.isTrue(isTrustedRedirect(`${scheme}://${label}.${base}:${port}/handler`, anyPort))
          assert.isTrue(isTrustedRedirect(`${scheme}://${label}.${base}/handler`, anyPort))
          assert.isFalse(isTrustedRedirect(`${other}://${label}.${base}:${port}/handler`, anyPort))
          assert.isFalse(isTrustedRedirect(`${scheme}://${base}:${port}/handler`, anyPort))
          assert.isFalse(isTrustedRedirect(`${scheme}://x.${label}.${base}:${port}/handler`, anyPort))
          assert.isFalse(isTrustedRedirect(`${scheme}://${label}.${base}.evil.test:${port}/handler`, anyPort))
          // Without a port the pattern keeps to the default one; an exact host takes `:*` too.
          const defaultPort = scheme === "https" ? 443 : 80
          assert.strictEqual(
            isTrustedRedirect(`${scheme}://${label}.${base}:${port}/`, trust(`${scheme}://*.${base}`)),
            port === defaultPort
          )
          assert.isTrue(isTrustedRedirect(`${scheme}://${base}:${port}/`, trust(`${scheme}://${base}:*`)))
          assert.isTrue(isTrustedRedirect(`http://localhost:${port}/`, trust("http://localhost:*")))
          assert.isTrue(isTrustedRedirect(`http://[::1]:${port}/`, trust("http://[::1]:*")))
          assert.isFalse(isTrustedRedirect(`http://[::2]:${port}/`, trust("http://[::1]:*")))
        }
      )
    )
  })

  it("the port wildcard never lets a foreign host through", () => {
    fc.assert(
      fc.property(
        trustedAndForeign,
        fc.webUrl({ authoritySettings: { withPort: true, withIPv4: true, withIPv6: true } }),
        ({ trusted }, url) => {
          const host = new URL(url).hostname
          fc.pre(!trusted.includes(host))
          assert.isFalse(isTrustedRedirect(url, { trustedDomains: trusted.map((h) => `https://${h}:*`) }), url)
        }
      )
    )
  })
})
