import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { signOutThenNavigate } from "../../src/react/sign-out.js"
import { Auth, type AuthShape } from "../../src/services/generated/auth.js"
import { resolveRedirectUrls } from "../../src/services/navigation/redirects.js"
import { NetworkError } from "../../src/errors/client/network-error.js"

/** An `Auth` whose sign-out records itself in `log` (and fails when asked to). */
const fakeAuth = (log: Array<string>, fails = false) =>
  Layer.succeed(Auth, {
    signOut: fails
      ? Effect.fail(
          new NetworkError({ method: "POST", url: "/auth/sessions/current", causeMessage: "offline", attempts: 1 })
        )
      : Effect.sync(() => void log.push("signed out"))
  } as unknown as AuthShape)

describe("app.signOut", () => {
  const urls = resolveRedirectUrls({ afterSignOut: "/see-you" })

  it.effect("calls the server first, then goes to the given URL", () =>
    Effect.gen(function* () {
      const log: Array<string> = []
      yield* signOutThenNavigate(urls, (url) => void log.push(`to ${url}`), { redirectUrl: "/goodbye?x=1" }).pipe(
        Effect.provide(fakeAuth(log))
      )
      assert.deepStrictEqual(log, ["signed out", "to /goodbye?x=1"])
      yield* signOutThenNavigate(urls, (url) => void log.push(`to ${url}`), {
        redirectUrl: new URL("https://other.example/bye")
      }).pipe(Effect.provide(fakeAuth(log)))
      assert.strictEqual(log.at(-1), "to https://other.example/bye")
    })
  )

  it.effect("without a URL goes to the after-sign-out target", () =>
    Effect.gen(function* () {
      const log: Array<string> = []
      yield* signOutThenNavigate(urls, (url) => void log.push(`to ${url}`)).pipe(Effect.provide(fakeAuth(log)))
      assert.deepStrictEqual(log, ["signed out", "to /see-you"])
    })
  )

  it.effect("a failed sign-out navigates nowhere and keeps its typed error", () =>
    Effect.gen(function* () {
      const log: Array<string> = []
      const error = yield* Effect.flip(
        signOutThenNavigate(urls, (url) => void log.push(`to ${url}`), { redirectUrl: "/goodbye" }).pipe(
          Effect.provide(fakeAuth(log, true))
        )
      )
      assert.strictEqual(error._tag, "NetworkError")
      assert.deepStrictEqual(log, [])
    })
  )
})
