/**
 * The client's OAuth service against the local backend: `signIn`/`link` build the authorize URL and keep the
 * verifier in a cookie, a scripted browser runs the development provider, and `callback` redeems the code.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { OAuth } from "../../src/services/generated/oauth.js"
import { Session } from "../../src/services/session/session.js"
import { clientCore } from "../support/clients.js"
import { expectStatus, type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { Browser, FakeDocument, runDevFlow } from "./support/oauth-browser.js"

const backend = useKitBackend()

const PAGE = "http://localhost:3000/handler/sign-in"
const CALLBACK = "http://localhost:3000/handler/oauth-callback"
const ERROR_PAGE = "http://localhost:3000/handler/error"

const githubProject = Effect.promise(() =>
  backend.createProject({ config: { oauth_providers: [{ id: "github", type: "shared" }] } })
)

const client = (project: TestProject, doc: FakeDocument) =>
  Layer.mergeAll(OAuth.layerWith({ document: doc, currentUrl: () => PAGE, secure: false }), CurrentUser.layer).pipe(
    Layer.provideMerge(clientCore(backend, project))
  )

const browse = (url: string, identity: Parameters<typeof runDevFlow>[2]) =>
  Effect.promise(() => runDevFlow(new Browser(), url, identity))

describe("OAuth client against the local backend", () => {
  it.live("signs up through the development provider and starts the session", () =>
    Effect.gen(function* () {
      const project = yield* githubProject
      const doc = new FakeDocument()
      const email = uniqueEmail("client-oauth")
      yield* Effect.gen(function* () {
        const oauth = yield* OAuth
        const url = yield* oauth.signIn({
          provider: "github",
          redirectUrl: "/handler/oauth-callback",
          errorRedirectUrl: ERROR_PAGE,
          afterCallbackRedirectUrl: "/welcome"
        })
        const state = new URL(url).searchParams.get("state") ?? ""
        // The verifier under both brands' names, as the official SDK writes and reads it.
        assert.sameMembers([...doc.names()], [`stack-oauth-outer-${state}`, `hexclave-oauth-outer-${state}`])

        const landed = yield* browse(url, { email, name: "Client Person" })
        assert.isTrue(landed.startsWith(`${CALLBACK}?`))
        const result = yield* oauth.callback(landed)
        assert.deepStrictEqual(
          result,
          Option.some({ isNewUser: true, afterCallbackRedirectUrl: "http://localhost:3000/welcome" })
        )
        assert.deepStrictEqual(doc.names(), [])

        const user = yield* (yield* CurrentUser).get
        assert.strictEqual(user?.primaryEmail, email)
        assert.strictEqual(user?.displayName, "Client Person")
        assert.deepStrictEqual(
          user?.oauthProviders.map((p) => p.id),
          ["github"]
        )

        // a reload of the callback page finds no verifier: ignored, not an error
        assert.isTrue(Option.isNone(yield* oauth.callback(landed)))
      }).pipe(Effect.provide(client(project, doc)))
    })
  )

  it.live("a verifier that does not match the challenge fails the exchange", () =>
    Effect.gen(function* () {
      const project = yield* githubProject
      const doc = new FakeDocument()
      yield* Effect.gen(function* () {
        const oauth = yield* OAuth
        const url = yield* oauth.signIn({ provider: "github", redirectUrl: CALLBACK, errorRedirectUrl: ERROR_PAGE })
        const state = new URL(url).searchParams.get("state") ?? ""
        for (const brand of ["stack", "hexclave"])
          doc.cookie = `${brand}-oauth-outer-${state}=${"x".repeat(43)}; Path=/`
        const landed = yield* browse(url, { email: uniqueEmail() })
        const error = yield* Effect.flip(oauth.callback(landed))
        assert.strictEqual(error._tag, "InvalidAuthorizationCode")
        assert.isNull((yield* (yield* Session).getTokens()).refreshToken)
      }).pipe(Effect.provide(client(project, doc)))
    })
  )

  it.live("links the provider to the signed-in user", () =>
    Effect.gen(function* () {
      const project = yield* githubProject
      const user = yield* Effect.promise(() => backend.signUp(project))
      const doc = new FakeDocument()
      yield* Effect.gen(function* () {
        yield* (yield* Session).setTokens({ accessToken: user.accessToken, refreshToken: user.refreshToken })
        const oauth = yield* OAuth
        const url = yield* oauth.link({ provider: "github", redirectUrl: CALLBACK, errorRedirectUrl: ERROR_PAGE })
        assert.strictEqual(new URL(url).searchParams.get("type"), "link")
        const landed = yield* browse(url, { email: uniqueEmail("linked"), accountId: "linked-1" })
        const result = yield* oauth.callback(landed)
        assert.deepStrictEqual(result, Option.some({ isNewUser: false, afterCallbackRedirectUrl: null }))
        const me = yield* (yield* CurrentUser).get
        assert.strictEqual(me?.id, user.userId)
        assert.deepStrictEqual(
          me?.oauthProviders.map((p) => [p.id, p.accountId]),
          [["github", "linked-1"]]
        )
      }).pipe(Effect.provide(client(project, doc)))
    })
  )

  it.live("MFA users get the attempt code from the callback", () =>
    Effect.gen(function* () {
      const project = yield* githubProject
      const email = uniqueEmail("mfa")
      const doc = new FakeDocument()
      yield* Effect.gen(function* () {
        const oauth = yield* OAuth
        const first = yield* browse(
          yield* oauth.signIn({ provider: "github", redirectUrl: CALLBACK, errorRedirectUrl: ERROR_PAGE }),
          { email }
        )
        yield* oauth.callback(first)
        const token = yield* (yield* Session).getAccessToken()
        yield* Effect.promise(async () =>
          expectStatus(
            await backend.call(project, "PATCH", "/users/me", {
              accessToken: token ?? "",
              body: { totp_secret_base64: Buffer.from("12345678901234567890").toString("base64") }
            }),
            200
          )
        )
        const second = yield* browse(
          yield* oauth.signIn({ provider: "github", redirectUrl: CALLBACK, errorRedirectUrl: ERROR_PAGE }),
          { email }
        )
        const error = yield* Effect.flip(oauth.callback(second))
        assert.strictEqual(error._tag, "MultiFactorAuthenticationRequired")
        if (error._tag === "MultiFactorAuthenticationRequired") assert.isString(error.details.attempt_code)
      }).pipe(Effect.provide(client(project, doc)))
    })
  )
})
