import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import fc from "fast-check"
import { HANDLER_ROUTES } from "../../../src/domain/handler-routes.js"
import {
  AFTER_AUTH_RETURN_TO_PARAM,
  afterAuthRedirectUrl,
  checkTarget,
  redirectUrlFor,
  resolveRedirectUrls,
  withReturnTo
} from "../../../src/services/navigation/redirects.js"

const ok = <A, E>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result)) assert.fail(`expected success, got ${String(result.failure)}`)
  return result.success
}
const refused = <A, E extends { readonly _tag: string; readonly message: string }>(result: Result.Result<A, E>): E => {
  if (Result.isSuccess(result)) assert.fail(`expected a refusal, got ${String(result.success)}`)
  return result.failure
}

describe("redirect targets and their defaults", () => {
  it("defaults as the hosted SDK's", () => {
    const urls = resolveRedirectUrls()
    assert.strictEqual(urls.handler, "/handler")
    assert.strictEqual(urls.home, "/")
    assert.strictEqual(urls.afterSignIn, "/")
    assert.strictEqual(urls.afterSignUp, "/")
    assert.strictEqual(urls.afterSignOut, "/")
    assert.strictEqual(urls.signIn, "/handler/sign-in")
    assert.strictEqual(urls.signUp, "/handler/sign-up")
    assert.strictEqual(urls.signOut, "/handler/sign-out")
    assert.strictEqual(urls.emailVerification, "/handler/email-verification")
    assert.strictEqual(urls.passwordReset, "/handler/password-reset")
    assert.strictEqual(urls.forgotPassword, "/handler/forgot-password")
    assert.strictEqual(urls.oauthCallback, "/handler/oauth-callback")
    assert.strictEqual(urls.magicLinkCallback, "/handler/magic-link-callback")
    assert.strictEqual(urls.accountSettings, "/handler/account-settings")
    assert.strictEqual(urls.error, "/handler/error")
    assert.strictEqual(urls.teamInvitation, "/handler/team-invitation")
    assert.strictEqual(Object.keys(urls).length, 5 + HANDLER_ROUTES.length)
  })

  it("after-sign-up follows after-sign-in, which follows home; after-sign-out follows home", () => {
    fc.assert(
      fc.property(fc.option(fc.webPath()), fc.option(fc.webPath()), fc.option(fc.webPath()), (home, inn, out) => {
        const urls = resolveRedirectUrls({
          ...(home === null ? {} : { home }),
          ...(inn === null ? {} : { afterSignIn: inn }),
          ...(out === null ? {} : { afterSignOut: out })
        })
        const expectedHome = home ?? "/"
        assert.strictEqual(urls.home, expectedHome)
        assert.strictEqual(urls.afterSignIn, inn ?? expectedHome)
        assert.strictEqual(urls.afterSignUp, inn ?? expectedHome)
        assert.strictEqual(urls.afterSignOut, out ?? expectedHome)
      })
    )
  })

  it("URL options override single targets; a custom handler base moves every route", () => {
    const urls = resolveRedirectUrls({ handler: "/auth/", signIn: "/login", afterSignUp: "/welcome" })
    assert.strictEqual(urls.handler, "/auth")
    assert.strictEqual(urls.signIn, "/login")
    assert.strictEqual(urls.signUp, "/auth/sign-up")
    assert.strictEqual(urls.afterSignUp, "/welcome")
    assert.strictEqual(urls.afterSignIn, "/")
    assert.strictEqual(resolveRedirectUrls({ handler: "/" }).error, "/error")
  })
})

describe("after_auth_return_to", () => {
  const urls = resolveRedirectUrls()
  const site = "https://app.example.com"

  it("going to sign-in from a page remembers that page", () => {
    const target = ok(redirectUrlFor(urls, "signIn", { currentUrl: `${site}/settings?tab=2#x` }))
    assert.strictEqual(target, `/handler/sign-in?${AFTER_AUTH_RETURN_TO_PARAM}=%2Fsettings%3Ftab%3D2%23x`)
    assert.strictEqual(new URL(target, site).searchParams.get(AFTER_AUTH_RETURN_TO_PARAM), "/settings?tab=2#x")
  })

  it("is carried from sign-in to sign-up and back, and honoured after either", () => {
    const onSignIn = `${site}/handler/sign-in?${AFTER_AUTH_RETURN_TO_PARAM}=%2Fdashboard`
    const signUp = ok(redirectUrlFor(urls, "signUp", { currentUrl: onSignIn }))
    assert.strictEqual(signUp, `/handler/sign-up?${AFTER_AUTH_RETURN_TO_PARAM}=%2Fdashboard`)
    const onSignUp = new URL(signUp, site).href
    assert.strictEqual(
      ok(redirectUrlFor(urls, "signIn", { currentUrl: onSignUp })),
      `/handler/sign-in?${AFTER_AUTH_RETURN_TO_PARAM}=%2Fdashboard`
    )
    assert.strictEqual(ok(redirectUrlFor(urls, "afterSignUp", { currentUrl: onSignUp })), "/dashboard")
    assert.strictEqual(ok(redirectUrlFor(urls, "afterSignIn", { currentUrl: onSignIn })), "/dashboard")
  })

  it("a handler page is not remembered, and noRedirectBack turns it all off", () => {
    assert.strictEqual(
      ok(redirectUrlFor(urls, "signUp", { currentUrl: `${site}/handler/sign-in` })),
      "/handler/sign-up"
    )
    const withParam = `${site}/x?${AFTER_AUTH_RETURN_TO_PARAM}=%2Fy`
    assert.strictEqual(
      ok(redirectUrlFor(urls, "signIn", { currentUrl: withParam, noRedirectBack: true })),
      "/handler/sign-in"
    )
    assert.strictEqual(ok(redirectUrlFor(urls, "afterSignIn", { currentUrl: withParam, noRedirectBack: true })), "/")
  })

  it("without a current page nothing is carried", () => {
    assert.strictEqual(ok(redirectUrlFor(urls, "signIn")), "/handler/sign-in")
    assert.strictEqual(ok(redirectUrlFor(urls, "afterSignIn")), "/")
    assert.strictEqual(withReturnTo("/handler/sign-in", undefined, urls), "/handler/sign-in")
  })

  it("a sign-in page on another origin gets the full current URL only via an existing parameter", () => {
    const other = resolveRedirectUrls({ signIn: "https://auth.example.com/login" })
    assert.strictEqual(
      ok(redirectUrlFor(other, "signIn", { currentUrl: `${site}/a` })),
      "https://auth.example.com/login"
    )
  })

  it("an untrusted return target is refused with the hosted SDK's message", () => {
    for (const evil of ["https://evil.com/phish", "//evil.com", "javascript:alert(1)", "/\\evil.com"]) {
      const currentUrl = `${site}/handler/sign-in?${AFTER_AUTH_RETURN_TO_PARAM}=${encodeURIComponent(evil)}`
      const error = refused(redirectUrlFor(urls, "afterSignIn", { currentUrl }))
      assert.strictEqual(error._tag, "RedirectNotTrusted")
      assert.strictEqual(error.message, `Redirect URL ${evil} is not trusted; should be relative.`)
    }
  })

  it("an absolute return target on the page's own origin or a trusted domain is allowed", () => {
    const own = `${site}/handler/sign-in?${AFTER_AUTH_RETURN_TO_PARAM}=${encodeURIComponent(`${site}/deep?q=1`)}`
    assert.strictEqual(ok(redirectUrlFor(urls, "afterSignIn", { currentUrl: own })), "/deep?q=1")
    const other = `${site}/handler/sign-in?${AFTER_AUTH_RETURN_TO_PARAM}=${encodeURIComponent("https://docs.example.com/x")}`
    const trust = { trustedDomains: ["https://docs.example.com"] }
    assert.strictEqual(
      ok(redirectUrlFor(urls, "afterSignIn", { currentUrl: other, trust })),
      "https://docs.example.com/x"
    )
  })
})

describe("after authentication", () => {
  const urls = resolveRedirectUrls({ afterSignIn: "/in", afterSignUp: "/up" })

  it("new users go after sign-up, others after sign-in; the OAuth answer's target wins when trusted", () => {
    assert.strictEqual(ok(afterAuthRedirectUrl(urls, { isNewUser: true })), "/up")
    assert.strictEqual(ok(afterAuthRedirectUrl(urls, { isNewUser: false, afterCallbackRedirectUrl: null })), "/in")
    assert.strictEqual(ok(afterAuthRedirectUrl(urls, { isNewUser: true, afterCallbackRedirectUrl: "/next" })), "/next")
    assert.strictEqual(
      refused(afterAuthRedirectUrl(urls, { isNewUser: true, afterCallbackRedirectUrl: "https://evil.com" }))._tag,
      "RedirectNotTrusted"
    )
  })

  it("checkTarget leaves configured relative targets alone and refuses foreign absolute ones", () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const p = path.startsWith("/") && !path.startsWith("//") ? path : `/${path.replace(/^\/+/, "")}`
        assert.strictEqual(ok(checkTarget(p)), p)
        assert.isTrue(Result.isFailure(checkTarget(`https://elsewhere.example.net${p}`)))
      })
    )
  })
})
