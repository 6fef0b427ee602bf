import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { emailCallbackUrl } from "../../../src/services/navigation/callback-url.js"
import { EmailLinkUrls } from "../../../src/services/navigation/email-link-urls.js"

const page = "https://app.example.com/somewhere?x=1"

describe("the default target of an e-mailed link", () => {
  it.effect("is the default handler page, resolved against the current page", () =>
    Effect.gen(function* () {
      assert.strictEqual(
        yield* emailCallbackUrl("emailVerification", undefined, page),
        "https://app.example.com/handler/email-verification"
      )
    })
  )

  it.effect("follows the app's handler path and URL options", () =>
    Effect.gen(function* () {
      const urls = { handlerPath: "/auth", urls: { passwordReset: "https://accounts.example.com/reset" } }
      const verify = yield* emailCallbackUrl("emailVerification", undefined, page).pipe(
        Effect.provideService(EmailLinkUrls, urls)
      )
      const reset = yield* emailCallbackUrl("passwordReset", undefined, page).pipe(
        Effect.provideService(EmailLinkUrls, urls)
      )
      assert.strictEqual(verify, "https://app.example.com/auth/email-verification")
      assert.strictEqual(reset, "https://accounts.example.com/reset")
    })
  )

  it.effect("a URL given to the call wins; with no page a relative default cannot be made", () =>
    Effect.gen(function* () {
      assert.strictEqual(
        yield* emailCallbackUrl("magicLinkCallback", "https://x.example/cb", undefined),
        "https://x.example/cb"
      )
      const failure = yield* Effect.flip(emailCallbackUrl("magicLinkCallback", undefined, undefined))
      assert.strictEqual(failure._tag, "CallbackUrlRequired")
    })
  )
})
