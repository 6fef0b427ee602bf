import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import { appRedirectUrl, toBrowserPath } from "../../src/react/basepath.js"
import { redirectUrlFor, resolveRedirectUrls } from "../../src/services/navigation/redirects.js"

const at = "https://app.example.com"
const urls = resolveRedirectUrls()
const underApp = (currentUrl: string | undefined) => ({ currentUrl, basepath: "/app" })

describe("appRedirectUrl under the basepath /app", () => {
  it("sends a visitor of an app page to sign in and sign up with the page's full path to come back to", () => {
    assert.strictEqual(
      appRedirectUrl(urls, "signIn", underApp(`${at}/app/dashboard?tab=2`)),
      "/handler/sign-in?after_auth_return_to=%2Fapp%2Fdashboard%3Ftab%3D2"
    )
    assert.strictEqual(
      appRedirectUrl(urls, "signUp", underApp(`${at}/app/`)),
      "/handler/sign-up?after_auth_return_to=%2Fapp%2F"
    )
  })

  it("knows a handler page below the basepath: no way back to it, but its own way back is carried on", () => {
    assert.strictEqual(appRedirectUrl(urls, "signIn", underApp(`${at}/app/handler/sign-up`)), "/handler/sign-in")
    assert.strictEqual(
      appRedirectUrl(urls, "signIn", underApp(`${at}/app/handler/sign-up?after_auth_return_to=%2Fapp%2Fx`)),
      "/handler/sign-in?after_auth_return_to=%2Fapp%2Fx"
    )
  })

  it("gives the router's paths of the other targets, which a document load turns back into full paths", () => {
    const signOut = appRedirectUrl(urls, "signOut", underApp(`${at}/app/dashboard`))
    assert.strictEqual(signOut, "/handler/sign-out")
    assert.strictEqual(toBrowserPath(signOut, "/app"), "/app/handler/sign-out")
    assert.strictEqual(toBrowserPath(urls.accountSettings, "/app"), "/app/handler/account-settings")
    assert.strictEqual(appRedirectUrl(urls, "home", underApp(`${at}/app/x`)), "/")
  })

  it("honours a trusted way back after signing in, below the basepath or outside it", () => {
    const from = (returnTo: string) => `${at}/app/handler/sign-in?after_auth_return_to=${encodeURIComponent(returnTo)}`
    assert.strictEqual(appRedirectUrl(urls, "afterSignIn", underApp(from("/app/settings?a=1"))), "/settings?a=1")
    assert.strictEqual(appRedirectUrl(urls, "afterSignIn", underApp(from("/other"))), `${at}/other`)
    // An untrusted one falls back to the configured target.
    assert.strictEqual(appRedirectUrl(urls, "afterSignIn", underApp(from("https://evil.example/"))), "/")
  })

  it("leaves configured full paths and absolute URLs as the router takes them", () => {
    const custom = resolveRedirectUrls({ signIn: "/app/login", afterSignOut: "https://www.example.com/bye" })
    assert.strictEqual(
      appRedirectUrl(custom, "signIn", underApp(`${at}/app/x`)),
      "/login?after_auth_return_to=%2Fapp%2Fx"
    )
    assert.strictEqual(appRedirectUrl(custom, "afterSignOut", underApp(`${at}/app/x`)), "https://www.example.com/bye")
  })

  it("without a page URL (server rendering) gives the plain router path", () => {
    assert.strictEqual(appRedirectUrl(urls, "signIn", underApp(undefined)), "/handler/sign-in")
  })
})

describe("appRedirectUrl without a basepath", () => {
  it("is what redirectUrlFor gives, the configured target when refused", () => {
    for (const currentUrl of [`${at}/dashboard`, `${at}/handler/sign-up?after_auth_return_to=%2Fx`, undefined]) {
      for (const target of ["signIn", "signUp", "signOut", "afterSignIn", "accountSettings"] as const) {
        const expected = Result.getOrElse(redirectUrlFor(urls, target, { currentUrl }), () => urls[target])
        assert.strictEqual(appRedirectUrl(urls, target, { currentUrl, basepath: "" }), expected)
      }
    }
    const refused = `${at}/handler/sign-in?after_auth_return_to=${encodeURIComponent("https://evil.example/")}`
    assert.strictEqual(appRedirectUrl(urls, "afterSignIn", { currentUrl: refused, basepath: "" }), "/")
    assert.strictEqual(
      appRedirectUrl(urls, "signIn", { currentUrl: `${at}/dashboard`, basepath: "" }),
      "/handler/sign-in?after_auth_return_to=%2Fdashboard"
    )
  })
})
