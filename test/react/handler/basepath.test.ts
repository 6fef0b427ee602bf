import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import { browserUrls, normalizeBasepath, toBrowserPath, toRouterPath } from "../../../src/react/basepath.js"
import { appUnderBasepath } from "../../../src/react/handler/basepath.js"
import { returningHere } from "../../../src/react/handler/return-here.js"
import type { StackApp } from "../../../src/react/provider.js"
import {
  AFTER_AUTH_RETURN_TO_PARAM,
  redirectUrlFor,
  resolveRedirectUrls,
  withReturnTo
} from "../../../src/services/navigation/redirects.js"

const origin = "https://app.example.com"
const urls = resolveRedirectUrls()
const underApp = browserUrls(urls, "/app")

describe("normalizeBasepath", () => {
  it("makes one leading slash and no trailing one; the root is no basepath", () => {
    assert.deepStrictEqual([undefined, "", "/", "//", "app", "/app/", "app/v2//", "/App"].map(normalizeBasepath), [
      "",
      "",
      "",
      "",
      "/app",
      "/app",
      "/app/v2",
      "/App"
    ])
  })
})

describe("toBrowserPath", () => {
  it("puts the basepath before the app's paths", () => {
    assert.strictEqual(toBrowserPath("/handler/sign-in", "/app"), "/app/handler/sign-in")
    assert.strictEqual(toBrowserPath("/?tab=2#top", "/app"), "/app/?tab=2#top")
    assert.strictEqual(toBrowserPath("/application", "/app"), "/app/application")
  })

  it("leaves absolute URLs, other hosts and paths already below the basepath alone", () => {
    for (const url of [
      "https://auth.example.com/x",
      "//evil.example.com/x",
      "/\\evil.example.com",
      "/app",
      "/APP/handler",
      "/app?x=1"
    ]) {
      assert.strictEqual(toBrowserPath(url, "/app"), url)
    }
  })

  it("changes nothing without a basepath", () => {
    assert.strictEqual(toBrowserPath("/handler/sign-in", ""), "/handler/sign-in")
  })
})

describe("toRouterPath", () => {
  it("takes the basepath off a path below it", () => {
    assert.strictEqual(toRouterPath("/app/handler/sign-in?x=1", "/app", origin), "/handler/sign-in?x=1")
    assert.strictEqual(toRouterPath("/App/handler", "/app", origin), "/handler")
    assert.strictEqual(toRouterPath("/app", "/app", origin), "/")
    assert.strictEqual(toRouterPath("/app?x=1", "/app", origin), "/?x=1")
  })

  it("makes a path outside the basepath absolute, so that the document is loaded", () => {
    assert.strictEqual(toRouterPath("/elsewhere?x=1", "/app", origin), "https://app.example.com/elsewhere?x=1")
    assert.strictEqual(toRouterPath("/application", "/app", origin), "https://app.example.com/application")
  })

  it("leaves absolute URLs alone, and everything without a basepath", () => {
    assert.strictEqual(toRouterPath("https://auth.example.com/x", "/app", origin), "https://auth.example.com/x")
    assert.strictEqual(toRouterPath("//evil.example.com/x", "/app", origin), "//evil.example.com/x")
    assert.strictEqual(toRouterPath("/elsewhere", "", origin), "/elsewhere")
  })
})

describe("browserUrls", () => {
  it("gives every app path the basepath and keeps absolute targets", () => {
    const mixed = browserUrls(resolveRedirectUrls({ afterSignOut: "https://www.example.com/bye" }), "/app")
    assert.strictEqual(mixed.handler, "/app/handler")
    assert.strictEqual(mixed.signIn, "/app/handler/sign-in")
    assert.strictEqual(mixed.oauthCallback, "/app/handler/oauth-callback")
    assert.strictEqual(mixed.home, "/app/")
    assert.strictEqual(mixed.afterSignOut, "https://www.example.com/bye")
    assert.deepStrictEqual(Object.keys(mixed).sort(), Object.keys(urls).sort())
  })
})

describe("a handler page under the basepath /app", () => {
  const accountSettings = `${origin}/app/handler/account-settings`

  it("sends a visitor to sign in and back, with browser paths in the URL and router paths to navigate", () => {
    const signIn = returningHere(underApp.signIn, accountSettings)
    assert.strictEqual(signIn, "/app/handler/sign-in?after_auth_return_to=%2Fapp%2Fhandler%2Faccount-settings")
    assert.strictEqual(
      toRouterPath(signIn, "/app", origin),
      "/handler/sign-in?after_auth_return_to=%2Fapp%2Fhandler%2Faccount-settings"
    )

    const signInPage = `${origin}${signIn}`
    const back = redirectUrlFor(underApp, "afterSignIn", { currentUrl: signInPage })
    assert.deepStrictEqual(back, Result.succeed("/app/handler/account-settings"))
    assert.strictEqual(toRouterPath(Result.getOrThrow(back), "/app", origin), "/handler/account-settings")
  })

  it("carries the return target to sign-up and into the emailed link, never back to the sign-in page itself", () => {
    const signInPage = `${origin}/app/handler/sign-in?after_auth_return_to=%2Fapp%2Fteams`
    assert.deepStrictEqual(
      redirectUrlFor(underApp, "signUp", { currentUrl: signInPage }),
      Result.succeed("/app/handler/sign-up?after_auth_return_to=%2Fapp%2Fteams")
    )
    const callback = new URL(withReturnTo(underApp.magicLinkCallback, signInPage, underApp), signInPage)
    assert.strictEqual(callback.pathname, "/app/handler/magic-link-callback")
    assert.strictEqual(callback.searchParams.get(AFTER_AUTH_RETURN_TO_PARAM), "/app/teams")

    const plainSignIn = `${origin}/app/handler/sign-in`
    const plainCallback = new URL(withReturnTo(underApp.magicLinkCallback, plainSignIn, underApp), plainSignIn)
    assert.strictEqual(plainCallback.href, `${origin}/app/handler/magic-link-callback`)
  })
})

describe("appUnderBasepath", () => {
  const recording = () => {
    const navigations: Array<string> = []
    const app = { urls, navigate: (url: string) => navigations.push(url) } as unknown as StackApp<never>
    return { app, navigations }
  }

  it("is the app itself without a basepath", () => {
    const { app } = recording()
    assert.strictEqual(appUnderBasepath(app, "", origin), app)
  })

  it("hands out browser URLs and navigates by router paths", () => {
    const { app, navigations } = recording()
    const handlerApp = appUnderBasepath(app, "/app", origin)
    assert.strictEqual(handlerApp.urls.signOut, "/app/handler/sign-out")
    handlerApp.navigate(handlerApp.urls.signOut)
    handlerApp.navigate("/somewhere-else")
    handlerApp.navigate("https://auth.example.com/authorize")
    assert.deepStrictEqual(navigations, [
      "/handler/sign-out",
      "https://app.example.com/somewhere-else",
      "https://auth.example.com/authorize"
    ])
  })
})
