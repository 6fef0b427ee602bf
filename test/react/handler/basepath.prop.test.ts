import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import fc from "fast-check"
import { browserUrls, normalizeBasepath, toBrowserPath, toRouterPath } from "../../../src/react/basepath.js"
import { returningHere } from "../../../src/react/handler/return-here.js"
import { redirectUrlFor, resolveRedirectUrls } from "../../../src/services/navigation/redirects.js"

const RUNS = { numRuns: 200 }

const origin = fc.constantFrom("https://app.example.com", "http://localhost:5173")
// Basepath segments never start a router path below, so no router path looks like a browser path.
const basepath = fc
  .array(fc.constantFrom("app", "My-App", "v2", "x"), { minLength: 1, maxLength: 3 })
  .map((segments) => `/${segments.join("/")}`)
const segment = fc.constantFrom("handler", "sign-in", "account-settings", "teams", "dashboard", "a b", "ü")
const query = fc.option(
  fc
    .dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.string({ maxLength: 8 }), { minKeys: 1, maxKeys: 2 })
    .map((entries) => `?${new URLSearchParams(entries).toString()}`),
  { nil: "" }
)
const hash = fc.option(
  fc.string({ maxLength: 6 }).map((text) => `#${encodeURIComponent(text)}`),
  { nil: "" }
)
/** A path of the router: what the app's `handlerPath`, `urls` and own links are. */
const routerPath = fc
  .tuple(fc.array(segment, { maxLength: 3 }), query, hash)
  .map(([segments, search, fragment]) => `/${segments.map(encodeURIComponent).join("/")}${search}${fragment}`)

describe("basepath paths", () => {
  it("a router path goes to the browser and back unchanged", () => {
    fc.assert(
      fc.property(basepath, routerPath, origin, (base, path, at) => {
        const browser = toBrowserPath(path, base)
        assert.isTrue(browser.startsWith(base), browser)
        assert.strictEqual(new URL(browser, at).origin, at)
        assert.strictEqual(toBrowserPath(browser, base), browser, "already a browser path")
        assert.strictEqual(toRouterPath(browser, base, at), path)
      }),
      RUNS
    )
  })

  it("without a basepath nothing changes", () => {
    fc.assert(
      fc.property(fc.constantFrom(undefined, "", "/", "//"), routerPath, origin, (none, path, at) => {
        const base = normalizeBasepath(none)
        assert.strictEqual(toBrowserPath(path, base), path)
        assert.strictEqual(toRouterPath(path, base, at), path)
      }),
      RUNS
    )
  })

  it("a visitor of any handler page under any basepath is sent to sign in and back to that page", () => {
    fc.assert(
      fc.property(
        basepath,
        origin,
        fc.constantFrom("account-settings", "team-invitation"),
        query,
        (base, at, page, search) => {
          const urls = browserUrls(resolveRedirectUrls(), base)
          const here = `${at}${base}/handler/${page}${search}`
          const signIn = returningHere(urls.signIn, here)
          assert.isTrue(toRouterPath(signIn, base, at).startsWith("/handler/sign-in?"), signIn)
          const back = redirectUrlFor(urls, "afterSignIn", { currentUrl: new URL(signIn, at).href })
          assert.isTrue(Result.isSuccess(back))
          assert.strictEqual(toRouterPath(Result.getOrThrow(back), base, at), `/handler/${page}${search}`)
        }
      ),
      RUNS
    )
  })
})
