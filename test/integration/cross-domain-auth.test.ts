/**
 * The cross-domain hand-off from the client tier against a local backend over HTTP: `CrossDomainAuth.authorize`
 * gives the URL of the other app with a one-time code, which the other app redeems (here by hand, as its
 * OAuth callback would) for a session of the same user: a user with a second factor is not asked it again.
 * Refusals arrive as the declaration's typed errors.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { newTotpSecret, totpSecretToBase64 } from "../../backend/src/totp.js"
import { s256Challenge } from "../../backend/src/oauth/protocol/pkce.js"
import { CrossDomainAuth } from "../../src/services/generated/cross-domain-auth.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { clientCore } from "../support/clients.js"
import { type TestProject, type TestUser, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const verifier = "cross-domain-verifier-".padEnd(64, "x")
const redirectUri = "https://other.example.com/handler/oauth-callback"

const trustedProject = () =>
  Effect.promise(() =>
    backend.createProject({ config: { domains: [{ domain: "https://other.example.com", handler_path: "/handler" }] } })
  )

const signedInClient = (project: TestProject, user: TestUser) =>
  Layer.mergeAll(CrossDomainAuth.layer, CurrentUser.layer).pipe(Layer.provideMerge(clientCore(backend, project, user)))

/** What the other app does with the code: the token endpoint's authorization-code grant, with its verifier. */
const redeem = (project: TestProject, url: string) =>
  Effect.promise(async () => {
    const response = await fetch(`${backend.localBackend().apiUrl}/auth/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: new URL(url).searchParams.get("code") ?? "",
        code_verifier: verifier,
        redirect_uri: redirectUri,
        client_id: project.id,
        client_secret: project.publishableClientKey
      })
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  })

describe("CrossDomainAuth", () => {
  it.live(
    "authorize gives the other app's URL with a code that signs the same user in, a second factor not asked again",
    () =>
      Effect.gen(function* () {
        const project = yield* trustedProject()
        const user = yield* Effect.promise(() => backend.signUp(project))
        const secret = yield* newTotpSecret
        const url = yield* Effect.gen(function* () {
          yield* CurrentUser.use((me) => me.update({ totpSecretBase64: totpSecretToBase64(secret) }))
          return yield* CrossDomainAuth.use((handoff) =>
            handoff.authorize({
              redirectUri,
              state: "state-of-the-other-app",
              codeChallenge: s256Challenge(verifier),
              afterCallbackRedirectUrl: "https://other.example.com/dashboard"
            })
          )
        }).pipe(Effect.provide(signedInClient(project, user)))
        assert.strictEqual(new URL(url).searchParams.get("state"), "state-of-the-other-app")

        const tokens = yield* redeem(project, url)
        assert.strictEqual(tokens.status, 200)
        assert.strictEqual(tokens.body["after_callback_redirect_url"], "https://other.example.com/dashboard")
        const me = yield* Effect.promise(() =>
          backend.call(project, "GET", "/users/me", { accessToken: String(tokens.body["access_token"]) })
        )
        assert.strictEqual(me.body.id, user.userId)
      })
  )

  it.live(
    "an untrusted redirect URI is REDIRECT_URL_NOT_WHITELISTED, a bad challenge InvalidInput before sending",
    () =>
      Effect.gen(function* () {
        const project = yield* trustedProject()
        const user = yield* Effect.promise(() => backend.signUp(project))
        const client = signedInClient(project, user)
        const untrusted = yield* CrossDomainAuth.use((handoff) =>
          handoff.authorize({
            redirectUri: "https://evil.example.com/cb",
            state: "s",
            codeChallenge: s256Challenge(verifier)
          })
        ).pipe(Effect.flip, Effect.provide(client))
        assert.strictEqual(untrusted._tag, "RedirectUrlNotWhitelisted")
        const badChallenge = yield* CrossDomainAuth.use((handoff) =>
          handoff.authorize({ redirectUri, state: "s", codeChallenge: "too-short" })
        ).pipe(Effect.flip, Effect.provide(client))
        assert.strictEqual(badChallenge._tag, "InvalidInput")
      })
  )

  it.live("a visitor is USER_AUTHENTICATION_REQUIRED", () =>
    Effect.gen(function* () {
      const project = yield* trustedProject()
      const visitor = Layer.mergeAll(CrossDomainAuth.layer).pipe(Layer.provideMerge(clientCore(backend, project)))
      const refused = yield* CrossDomainAuth.use((handoff) =>
        handoff.authorize({ redirectUri, state: "s", codeChallenge: s256Challenge(verifier) })
      ).pipe(Effect.flip, Effect.provide(visitor))
      assert.strictEqual(refused._tag, "UserAuthenticationRequired")
    })
  )
})
