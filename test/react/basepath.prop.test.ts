import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import fc from "fast-check"
import { appRedirectUrl, toBrowserPath } from "../../src/react/basepath.js"
import {
  AFTER_AUTH_RETURN_TO_PARAM,
  redirectUrlFor,
  resolveRedirectUrls
} from "../../src/services/navigation/redirects.js"

const RUNS = { numRuns: 200 }

const origin = fc.constantFrom("https://app.example.com", "http://localhost:5173")
const basepath = fc
  .array(fc.constantFrom("app", "My-App", "v2"), { minLength: 1, maxLength: 3 })
  .map((segments) => `/${segments.join("/")}`)
const segment = fc.constantFrom("dashboard", "teams", "settings", "a b", "ü")
const search = fc.option(
  fc
    .dictionary(fc.constantFrom("tab", "q", "id"), fc.string({ maxLength: 8 }), { minKeys: 1, maxKeys: 2 })
    .map((entries) => `?${new URLSearchParams(entries).toString()}`),
  { nil: "" }
)
/** A page of the app outside the handler, as the router names it. */
const appPage = fc
  .tuple(fc.array(segment, { maxLength: 3 }), search)
  .map(([segments, query]) => `/${segments.map(encodeURIComponent).join("/")}${query}`)
const target = fc.constantFrom("signIn", "signUp", "signOut", "afterSignIn", "afterSignUp", "accountSettings", "home")
const urls = resolveRedirectUrls()

describe("appRedirectUrl", () => {
  it("sends a visitor of any app page below any basepath to sign in, coming back to the page's full path", () => {
    fc.assert(
      fc.property(basepath, origin, appPage, (base, at, page) => {
        const here = `${at}${toBrowserPath(page, base)}`
        const signIn = appRedirectUrl(urls, "signIn", { currentUrl: here, basepath: base })
        const parsed = new URL(signIn, at)
        assert.strictEqual(parsed.pathname, "/handler/sign-in", signIn)
        const returnTo = parsed.searchParams.get(AFTER_AUTH_RETURN_TO_PARAM) ?? ""
        assert.strictEqual(new URL(returnTo, at).href, new URL(here).href)
        // After signing in, the way back is the page as the router names it.
        const after = appRedirectUrl(urls, "afterSignIn", {
          currentUrl: new URL(toBrowserPath(signIn, base), at).href,
          basepath: base
        })
        assert.strictEqual(new URL(after, at).href, new URL(page, at).href)
      }),
      RUNS
    )
  })

  it("with no basepath is redirectUrlFor, falling back to the configured target", () => {
    fc.assert(
      fc.property(origin, appPage, target, (at, page, name) => {
        const currentUrl = `${at}${page}`
        const expected = Result.getOrElse(redirectUrlFor(urls, name, { currentUrl }), () => urls[name])
        assert.strictEqual(appRedirectUrl(urls, name, { currentUrl, basepath: "" }), expected)
      }),
      RUNS
    )
  })

  it("gives a router path whose browser path is below the basepath, for every target from any app page", () => {
    fc.assert(
      fc.property(basepath, origin, appPage, target, (base, at, page, name) => {
        const url = appRedirectUrl(urls, name, { currentUrl: `${at}${toBrowserPath(page, base)}`, basepath: base })
        assert.isTrue(url.startsWith("/") && !url.toLowerCase().startsWith(`${base.toLowerCase()}/`), url)
        assert.isTrue(toBrowserPath(url, base).startsWith(`${base}/`), url)
      }),
      RUNS
    )
  })
})
