/**
 * Sign-in for command-line programs against the local backend: the program starts and polls, the browser
 * completes with its session, the program's poll gets that session; expiry, single use and the refusals.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Schedule from "effect/Schedule"
import { clientTier } from "../../src/layers/client.js"
import { CliLogin } from "../../src/services/generated/cli-login.js"
import { cliAuthConfirmUrl } from "../../src/services/auth/cli-confirm-url.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { Session } from "../../src/services/session/session.js"
import { type StoredTokens, TokenStore } from "../../src/services/session/token-store.js"
import { type TestProject, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const client = (project: TestProject, tokens: StoredTokens = { accessToken: null, refreshToken: null }) =>
  clientTier({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl: backend.localBackend().url,
    tokenStore: TokenStore.memory(tokens)
  })

describe("CliLogin", () => {
  it.live("poll -> complete in the browser -> poll gets the session; the program is then signed in", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      const browser = client(project, { accessToken: user.accessToken, refreshToken: user.refreshToken })
      const program = client(project)

      const prompted: Array<{ url: string; loginCode: string }> = []
      // The program and the browser are two tiers side by side (a tier provided inside another's scope would
      // share its services).
      const login = yield* Effect.forkChild(
        Effect.gen(function* () {
          const refreshToken = yield* CliLogin.use((cli) =>
            cli.login({
              appUrl: "https://app.example",
              schedule: Schedule.spaced("50 millis"),
              prompt: (url, loginCode) => Effect.sync(() => prompted.push({ url, loginCode }))
            })
          )
          const me = yield* CurrentUser.use((c) => c.get)
          const tokens = yield* Session.use((s) => s.state)
          return { refreshToken, me, tokens }
        }).pipe(Effect.provide(program))
      )
      // The program waits (its polls answer `waiting`) until the person confirms in the browser.
      while (prompted.length === 0) yield* Effect.sleep("20 millis")
      yield* Effect.sleep("150 millis")
      const { loginCode, url } = prompted[0]!
      assert.strictEqual(url, yield* cliAuthConfirmUrl(loginCode, { appUrl: "https://app.example" }))
      assert.strictEqual(new URL(url).pathname, "/handler/cli-auth-confirm")
      assert.strictEqual(new URL(url).searchParams.get("login_code"), loginCode)
      yield* CliLogin.use((cli) => cli.complete(loginCode)).pipe(Effect.provide(browser))
      const outcome = yield* Fiber.join(login)
      // The program holds the browser's session (the hosted service hands over that very refresh token).
      assert.strictEqual(outcome.refreshToken, user.refreshToken)
      assert.strictEqual(outcome.me?.id, user.userId)
      assert.strictEqual(outcome.tokens._tag === "Active" ? outcome.tokens.refreshToken : null, user.refreshToken)
    })
  )

  it.live(
    "the wire: statuses 200 waiting, 201 success once, then used; INVALID_POLLING_CODE; login code refusals",
    () =>
      Effect.gen(function* () {
        const project = yield* Effect.promise(() => backend.createProject())
        const user = yield* Effect.promise(() => backend.signUp(project))
        const call = (path: string, body: unknown) =>
          Effect.promise(() => backend.call(project, "POST", path, { body }))

        const started = yield* call("/auth/cli", {})
        assert.strictEqual(started.status, 200, started.text)
        assert.deepStrictEqual(Object.keys(started.body).sort(), ["expires_at", "login_code", "polling_code"])
        const expiresIn = Date.parse(started.body.expires_at) - Date.now()
        assert.isTrue(expiresIn > 110_000 && expiresIn <= 120_000, `two minutes, got ${expiresIn} ms`)
        const longest = yield* call("/auth/cli", { expires_in_millis: 15 * 60_000 })
        assert.strictEqual(longest.status, 200, longest.text)
        const overFifteen = yield* call("/auth/cli", { expires_in_millis: 15 * 60_000 + 1 })
        assert.strictEqual(overFifteen.knownError, "SCHEMA_ERROR")
        const polling = { polling_code: started.body.polling_code }

        const waiting = yield* call("/auth/cli/poll", polling)
        assert.deepStrictEqual([waiting.httpStatus, waiting.body], [200, { status: "waiting" }])

        const noToken = yield* call("/auth/cli/complete", { login_code: started.body.login_code })
        assert.deepStrictEqual(
          [noToken.status, noToken.text],
          [400, "refresh_token is required when mode is 'complete'"]
        )
        const check = yield* call("/auth/cli/complete", { login_code: started.body.login_code, mode: "check" })
        assert.deepStrictEqual(check.body, { cli_session_state: "none" })
        const badToken = yield* call("/auth/cli/complete", {
          login_code: started.body.login_code,
          refresh_token: "nope"
        })
        assert.deepStrictEqual([badToken.status, badToken.text], [400, "Invalid refresh token"])

        const done = yield* call("/auth/cli/complete", {
          login_code: started.body.login_code,
          refresh_token: user.refreshToken
        })
        assert.deepStrictEqual([done.status, done.body], [200, { success: true }])
        const again = yield* call("/auth/cli/complete", {
          login_code: started.body.login_code,
          refresh_token: user.refreshToken
        })
        assert.deepStrictEqual([again.status, again.text], [400, "Invalid login code or the code has expired"])

        const success = yield* call("/auth/cli/poll", polling)
        assert.deepStrictEqual(
          [success.httpStatus, success.body],
          [201, { status: "success", refresh_token: user.refreshToken }]
        )
        const used = yield* call("/auth/cli/poll", polling)
        assert.deepStrictEqual(used.body, { status: "used" })

        const unknown = yield* call("/auth/cli/poll", { polling_code: "no-such-code" })
        assert.deepStrictEqual([unknown.status, unknown.knownError], [400, "INVALID_POLLING_CODE"])
        const tooLong = yield* call("/auth/cli", { expires_in_millis: 16 * 60 * 1000 })
        assert.strictEqual(tooLong.knownError, "SCHEMA_ERROR")
      })
  )

  it.live(
    "an attempt that expires ends the wait with CliLoginExpired; an unknown polling code is InvalidPollingCode",
    () =>
      Effect.gen(function* () {
        const project = yield* Effect.promise(() => backend.createProject())
        const failure = yield* CliLogin.use((cli) =>
          Effect.gen(function* () {
            const attempt = yield* cli.start({ expiresInMillis: 200 })
            return yield* Effect.flip(cli.waitFor(attempt, { schedule: Schedule.spaced("100 millis") }))
          })
        ).pipe(Effect.provide(client(project)))
        assert.strictEqual(failure._tag, "CliLoginExpired")

        const unknown = yield* Effect.flip(
          CliLogin.use((cli) => cli.poll("no-such-code")).pipe(Effect.provide(client(project)))
        )
        assert.strictEqual(unknown._tag, "InvalidPollingCode")

        const badAppUrl = yield* Effect.flip(cliAuthConfirmUrl("code", { appUrl: "not a url" }))
        assert.strictEqual(badAppUrl._tag, "InvalidInput")
        assert.strictEqual(
          yield* cliAuthConfirmUrl("a b", { appUrl: "https://app.example/base/", handlerPath: "/auth/" }),
          "https://app.example/auth/cli-auth-confirm?login_code=a+b"
        )

        const timedOut = yield* CliLogin.use((cli) =>
          Effect.gen(function* () {
            const attempt = yield* cli.start()
            return yield* Effect.flip(
              cli.waitFor(attempt, { schedule: Schedule.spaced("10 millis").pipe(Schedule.upTo({ times: 2 })) })
            )
          })
        ).pipe(Effect.provide(client(project)))
        assert.strictEqual(timedOut._tag, "CliLoginTimedOut")
      })
  )

  it.live("complete needs a signed-in browser, and refuses a spent login code with CliLoginCodeInvalid", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      const browser = client(project, { accessToken: user.accessToken, refreshToken: user.refreshToken })
      const attempt = yield* CliLogin.use((cli) => cli.start()).pipe(Effect.provide(client(project)))
      const visitor = yield* Effect.flip(
        CliLogin.use((cli) => cli.complete(attempt.loginCode)).pipe(Effect.provide(client(project)))
      )
      assert.strictEqual(visitor._tag, "NotSignedIn")
      yield* CliLogin.use((cli) => cli.complete(attempt.loginCode)).pipe(Effect.provide(browser))
      const spent = yield* Effect.flip(
        CliLogin.use((cli) => cli.complete(attempt.loginCode)).pipe(Effect.provide(browser))
      )
      assert.strictEqual(spent._tag, "CliLoginCodeInvalid")
      assert.include(spent.message, "Invalid login code or the code has expired")
    })
  )
})
