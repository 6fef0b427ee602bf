import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import fc from "fast-check"
import {
  AFTER_AUTH_RETURN_TO_PARAM,
  redirectUrlFor,
  resolveRedirectUrls
} from "../../../src/services/navigation/redirects.js"
import { returningHere } from "../../../src/react/handler/return-here.js"

const urls = resolveRedirectUrls()
const RUNS = { numRuns: 150 }

const origin = fc.constantFrom("https://app.example.com", "http://localhost:5173", "https://a.b.example:8443")
const pageOf = fc.record({
  route: fc.constantFrom("account-settings", "team-invitation"),
  query: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 12 }), { maxKeys: 3 }),
  hash: fc.option(fc.string({ maxLength: 8 }), { nil: undefined })
})

const pageUrl = (
  base: string,
  page: { readonly route: string; readonly query: Record<string, string>; readonly hash: string | undefined }
) => {
  const url = new URL(`/handler/${page.route}`, base)
  for (const [name, value] of Object.entries(page.query)) url.searchParams.set(name, value)
  if (page.hash !== undefined) url.hash = page.hash
  return url
}

const relative = (url: URL) => `${url.pathname}${url.search}${url.hash}`

describe("returningHere", () => {
  it("sends a visitor of a handler page to sign-in and back to that very page", () => {
    assert.strictEqual(
      returningHere(urls.signIn, "https://app.example.com/handler/account-settings"),
      "/handler/sign-in?after_auth_return_to=%2Fhandler%2Faccount-settings"
    )
    assert.strictEqual(
      returningHere("https://auth.example.com/sign-in", "https://app.example.com/handler/account-settings"),
      "https://auth.example.com/sign-in?after_auth_return_to=%2Fhandler%2Faccount-settings"
    )
  })

  it("the after-sign-in and after-sign-up redirects (redirect-trust rule included) lead back to the page", () => {
    fc.assert(
      fc.property(origin, pageOf, (base, page) => {
        const here = pageUrl(base, page)
        const signIn = returningHere(urls.signIn, here.href)
        const signInPage = new URL(signIn, base)
        assert.isTrue(signIn.startsWith("/"), signIn)
        assert.strictEqual(signInPage.pathname, "/handler/sign-in")
        assert.strictEqual(signInPage.searchParams.get(AFTER_AUTH_RETURN_TO_PARAM), relative(here))
        assert.deepStrictEqual(
          redirectUrlFor(urls, "afterSignIn", { currentUrl: signInPage.href }),
          Result.succeed(relative(here))
        )

        // From sign-in on to sign-up: the target travels along and is where a new account lands.
        const signUp = redirectUrlFor(urls, "signUp", { currentUrl: signInPage.href })
        assert.isTrue(Result.isSuccess(signUp))
        const signUpPage = new URL(
          Result.getOrElse(signUp, () => ""),
          base
        )
        assert.deepStrictEqual(
          redirectUrlFor(urls, "afterSignUp", { currentUrl: signUpPage.href }),
          Result.succeed(relative(here))
        )
      }),
      RUNS
    )
  })
})
