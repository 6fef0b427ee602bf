import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { TestClock } from "effect/testing"
import { devAccountId, DevProvider, makeDevProvider } from "../../../backend/src/oauth/protocol/dev-provider.js"
import { renderDevProviderPage } from "../../../backend/src/oauth/protocol/dev-provider-page.js"
import { devAuthorizationUrl, devProviderRoutes } from "../../../backend/src/oauth/protocol/dev-provider-routes.js"

const callback = "http://127.0.0.1:8102/api/v1/auth/oauth/callback/github"
const isAllowedRedirect = (uri: string) => uri.startsWith("http://127.0.0.1:8102/api/v1/auth/oauth/callback/")
const request = { redirect_uri: callback, state: "inner-state", scope: "user:email read:org" }

const codeOf = (location: string) => {
  const url = new URL(location)
  return {
    code: url.searchParams.get("code") ?? "",
    state: url.searchParams.get("state"),
    base: `${url.origin}${url.pathname}`
  }
}

describe("development OAuth provider", () => {
  it.effect("approve issues a code for the callback; exchange returns the identity once", () =>
    Effect.gen(function* () {
      const provider = yield* makeDevProvider({ isAllowedRedirect })
      const location = yield* provider.approve("github", request, { email: "ada@example.com", displayName: "Ada" })
      const { code, state, base } = codeOf(location)
      assert.strictEqual(base, callback)
      assert.strictEqual(state, "inner-state")
      const identity = yield* provider.exchange({
        providerId: "github",
        code,
        redirectUri: callback,
        state: "inner-state"
      })
      assert.strictEqual(identity.providerId, "github")
      assert.strictEqual(identity.email, "ada@example.com")
      assert.strictEqual(identity.displayName, "Ada")
      assert.isTrue(identity.emailVerified)
      assert.strictEqual(identity.accountId, devAccountId("github", "ada@example.com"))
      assert.deepStrictEqual(identity.scopes, ["user:email", "read:org"])
      assert.match(identity.accessToken, /^dev-github-/)
      const again = yield* Effect.flip(
        provider.exchange({ providerId: "github", code, redirectUri: callback, state: "inner-state" })
      )
      assert.strictEqual(again._tag, "InvalidAuthorizationCode")
    })
  )

  it.effect("the same email gets the same account id; a typed account id wins", () =>
    Effect.gen(function* () {
      const provider = yield* makeDevProvider({ isAllowedRedirect })
      const redeem = (location: string) =>
        provider.exchange({
          providerId: "github",
          code: codeOf(location).code,
          redirectUri: callback,
          state: "inner-state"
        })
      const a = yield* redeem(yield* provider.approve("github", request, { email: "Ada@Example.com" }))
      const b = yield* redeem(yield* provider.approve("github", request, { email: "ada@example.com" }))
      const c = yield* redeem(
        yield* provider.approve("github", request, {
          email: "ada@example.com",
          accountId: "12345",
          emailVerified: false
        })
      )
      assert.strictEqual(a.accountId, b.accountId)
      assert.strictEqual(a.displayName, "Ada")
      assert.strictEqual(c.accountId, "12345")
      assert.isFalse(c.emailVerified)
      assert.notStrictEqual(devAccountId("google", "ada@example.com"), a.accountId)
    })
  )

  it.effect("state, redirect URI and provider must match; codes expire", () =>
    Effect.gen(function* () {
      const provider = yield* makeDevProvider({ isAllowedRedirect })
      const issue = Effect.map(provider.approve("github", request, { email: "ada@example.com" }), (l) => codeOf(l).code)
      const mismatches = [
        { providerId: "github", redirectUri: callback, state: "other-state" },
        { providerId: "github", redirectUri: `${callback}x`, state: "inner-state" },
        { providerId: "google", redirectUri: callback, state: "inner-state" }
      ]
      for (const m of mismatches) {
        const error = yield* Effect.flip(provider.exchange({ ...m, code: yield* issue }))
        assert.strictEqual(error._tag, "InvalidAuthorizationCode", JSON.stringify(m))
      }
      const late = yield* issue
      yield* TestClock.adjust("6 minutes")
      const expired = yield* Effect.flip(
        provider.exchange({ providerId: "github", code: late, redirectUri: callback, state: "inner-state" })
      )
      assert.include(expired.message, "expired")
    })
  )

  it.effect("deny goes back with access_denied; foreign redirects and bad emails are refused", () =>
    Effect.gen(function* () {
      const provider = yield* makeDevProvider({ isAllowedRedirect })
      const denied = new URL(yield* provider.deny("github", request))
      assert.strictEqual(denied.searchParams.get("error"), "access_denied")
      assert.strictEqual(denied.searchParams.get("state"), "inner-state")
      const foreign = yield* Effect.flip(
        provider.approve("github", { ...request, redirect_uri: "https://evil.test/cb" }, { email: "a@b.c" })
      )
      assert.strictEqual(foreign._tag, "DevProviderRequestInvalid")
      const notUrl = yield* Effect.flip(provider.deny("github", { ...request, redirect_uri: "::" }))
      assert.strictEqual(notUrl._tag, "DevProviderRequestInvalid")
      const badEmail = yield* Effect.flip(provider.approve("github", request, { email: "not-an-email" }))
      assert.include(badEmail.message, "email")
    })
  )

  it("the page escapes the request and the provider id", () => {
    const html = renderDevProviderPage({
      providerId: "<b>x</b>",
      action: "/dev-oauth/x/authorize",
      request: { redirect_uri: callback, state: '"><script>alert(1)</script>' }
    })
    assert.notInclude(html, "<script>alert")
    assert.notInclude(html, "<b>x</b>")
    assert.include(html, "&quot;&gt;&lt;script&gt;")
    assert.include(html, "ada@example.com")
    assert.include(renderDevProviderPage({ providerId: "github", action: "/a", request }), "Sign in with GitHub")
  })
})

describe("development provider routes", () => {
  const setup = async () => {
    let n = 0
    const layer = devProviderRoutes().pipe(
      Layer.provide(DevProvider.layer({ isAllowedRedirect, random: Effect.sync(() => `r${++n}`) }))
    )
    const app = HttpRouter.toWebHandler(layer, { disableLogger: true })
    const call = (path: string, init?: RequestInit) =>
      app.handler(new Request(`http://127.0.0.1:8102${path}`, { redirect: "manual", ...init }))
    return { call, dispose: app.dispose }
  }
  const form = (fields: Record<string, string>): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString()
  })

  it("GET shows the page; POST redirects to the callback with a code and state", async () => {
    const { call, dispose } = await setup()
    try {
      const url = new URL(devAuthorizationUrl("http://127.0.0.1:8102", "github", request))
      assert.strictEqual(url.pathname, "/dev-oauth/github/authorize")
      const page = await call(`${url.pathname}${url.search}`)
      assert.strictEqual(page.status, 200)
      assert.include(await page.text(), "Sign in with GitHub")
      const submitted = await call(
        "/dev-oauth/github/authorize",
        form({ ...request, action: "approve", email: "ada@example.com", name: "Ada", email_verified: "true" })
      )
      assert.strictEqual(submitted.status, 302)
      const location = new URL(submitted.headers.get("location") ?? "")
      assert.strictEqual(`${location.origin}${location.pathname}`, callback)
      assert.strictEqual(location.searchParams.get("code"), "r1")
      assert.strictEqual(location.searchParams.get("state"), "inner-state")
    } finally {
      await dispose()
    }
  })

  it("deny redirects with an error; a foreign redirect is 400; a bad email re-shows the page", async () => {
    const { call, dispose } = await setup()
    try {
      const denied = await call("/dev-oauth/github/authorize", form({ ...request, action: "deny" }))
      assert.strictEqual(new URL(denied.headers.get("location") ?? "").searchParams.get("error"), "access_denied")
      const foreign = await call(
        `/dev-oauth/github/authorize?redirect_uri=${encodeURIComponent("https://evil.test/")}&state=s`
      )
      assert.strictEqual(foreign.status, 400)
      assert.isNull(foreign.headers.get("location"))
      const missing = await call("/dev-oauth/github/authorize")
      assert.strictEqual(missing.status, 400)
      const badEmail = await call("/dev-oauth/github/authorize", form({ ...request, action: "approve", email: "nope" }))
      assert.strictEqual(badEmail.status, 400)
      assert.include(await badEmail.text(), "Enter an email address")
    } finally {
      await dispose()
    }
  })
})
