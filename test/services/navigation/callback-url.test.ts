import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { emailCallbackUrl } from "../../../src/services/navigation/callback-url.js"

describe("emailCallbackUrl", () => {
  it.effect("keeps an absolute URL as given", () =>
    Effect.gen(function* () {
      const url = yield* emailCallbackUrl("passwordReset", "https://app.example/reset?x=1", undefined)
      assert.strictEqual(url, "https://app.example/reset?x=1")
    })
  )

  it.effect("resolves a relative URL, or the default handler route, against the current page", () =>
    Effect.gen(function* () {
      const page = "https://app.example/settings/profile?tab=2"
      assert.strictEqual(yield* emailCallbackUrl("emailVerification", "/verify", page), "https://app.example/verify")
      assert.strictEqual(
        yield* emailCallbackUrl("emailVerification", undefined, page),
        "https://app.example/handler/email-verification"
      )
      assert.strictEqual(
        yield* emailCallbackUrl("magicLinkCallback", undefined, page),
        "https://app.example/handler/magic-link-callback"
      )
    })
  )

  it.effect("without a current page a relative or missing URL is CallbackUrlRequired", () =>
    Effect.gen(function* () {
      const missing = yield* Effect.flip(emailCallbackUrl("passwordReset", undefined, undefined))
      const relative = yield* Effect.flip(emailCallbackUrl("passwordReset", "/reset", undefined))
      assert.strictEqual(missing._tag, "CallbackUrlRequired")
      assert.strictEqual(missing.route, "/handler/password-reset")
      assert.strictEqual(relative.route, "/reset")
    })
  )
})
