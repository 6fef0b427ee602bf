/**
 * `POST /auth/oauth/callback/apple/native`: native Sign in with Apple, with the statuses, codes and bodies the
 * hosted service answers (its e2e suite `apple-native.test.ts` and route are the source of the expected
 * values). Apple cannot be reached offline: the project's `apple` provider signs in through a local issuer
 * (oauth2-mock-server, set with the local backend's provider-issuer endpoint) whose keys the tests sign with.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from "jose"
import { expectStatus, type TestProject, uniqueEmail, useKitBackend } from "../../support/local-backend.js"
import { type OidcMock, oidcMock } from "../../support/oidc-mock.js"

const backend = useKitBackend()

const PATH = "/auth/oauth/callback/apple/native"
const BUNDLE = "com.example.ios.app"
const OTHER_BUNDLE = "com.example.macos.app"

const appleProvider = (bundleIds?: ReadonlyArray<string>) => ({
  id: "apple",
  type: "standard",
  client_id: "com.example.web.service",
  client_secret: "test-secret",
  ...(bundleIds === undefined ? {} : { apple_bundle_ids: bundleIds })
})

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

/** A project whose `apple` provider has the bundle ids and signs in through the mock's issuer. */
const appleProject = (mock: OidcMock, config: Record<string, unknown> = {}) =>
  promise(async () => {
    const project = await backend.createProject({
      config: { oauth_providers: [appleProvider([BUNDLE, OTHER_BUNDLE])], ...config }
    })
    expectStatus(
      await backend.call(project, "PUT", "/local-backend/oauth-providers/apple", {
        accessType: "admin",
        body: { issuer: mock.issuer }
      }),
      200
    )
    return project
  })

interface TokenOptions {
  readonly sub?: string
  readonly audience?: string
  readonly issuer?: string
  readonly expiresAt?: number
  readonly issuedAt?: number
  readonly claims?: JWTPayload
  /** Sign with a key the issuer's JWKS does not hold. */
  readonly foreignKey?: boolean
}

/** An identity token as Apple signs it, here by the mock issuer's own key (or a foreign one). */
const identityToken = (mock: OidcMock, options: TokenOptions = {}) =>
  promise(async () => {
    const [published] = mock.server.issuer.keys.toJSON(true) as Array<JWK>
    if (published === undefined) throw new Error("the mock has no key")
    const kid = published.kid ?? ""
    // A foreign key under the published key's id: only the signature can tell them apart.
    const jwk: JWK =
      options.foreignKey === true
        ? await exportJWK((await generateKeyPair("RS256", { extractable: true })).privateKey)
        : published
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({ ...options.claims })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(options.issuer ?? mock.issuer)
      .setAudience(options.audience ?? BUNDLE)
      .setSubject(options.sub ?? "001234.apple-user")
      .setIssuedAt(options.issuedAt ?? now - 60)
      .setExpirationTime(options.expiresAt ?? now + 600)
      .sign(await importJWK(jwk, "RS256"))
  })

const signIn = (project: TestProject, body: unknown) =>
  promise(() => backend.call(project, "POST", PATH, { accessType: "client", body }))

const expectInvalid = (project: TestProject, idToken: string) =>
  Effect.gen(function* () {
    const response = yield* signIn(project, { id_token: idToken })
    assert.strictEqual(response.status, 400, response.text)
    assert.deepStrictEqual(response.body, {
      code: "INVALID_APPLE_CREDENTIALS",
      error: "The Apple Sign In credentials could not be verified. Please try signing in again."
    })
  })

describe("POST /auth/oauth/callback/apple/native: configuration", () => {
  it.live("answers OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED when the project has no apple provider", () =>
    Effect.gen(function* () {
      const project = yield* promise(() =>
        backend.createProject({ config: { oauth_providers: [{ id: "google", type: "shared" }] } })
      )
      const response = yield* signIn(project, { id_token: "fake-token" })
      assert.strictEqual(response.status, 400)
      assert.deepStrictEqual(response.body, {
        code: "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
        error: "The OAuth provider is not found or not enabled."
      })
    })
  )

  it.live("answers APPLE_BUNDLE_ID_NOT_CONFIGURED when the apple provider lists no bundle id", () =>
    Effect.gen(function* () {
      const project = yield* promise(() => backend.createProject({ config: { oauth_providers: [appleProvider()] } }))
      const response = yield* signIn(project, { id_token: "fake-token" })
      assert.strictEqual(response.status, 400)
      assert.deepStrictEqual(response.body, {
        code: "APPLE_BUNDLE_ID_NOT_CONFIGURED",
        error:
          "Apple Sign In is enabled, but no Bundle IDs are configured. Please add your app's Bundle ID in the Hexclave dashboard under OAuth Providers > Apple > Apple Bundle IDs."
      })
    })
  )

  it.live(
    "answers INVALID_APPLE_CREDENTIALS for a token that is no JWT (Apple itself cannot be reached offline either)",
    () =>
      Effect.gen(function* () {
        const project = yield* promise(() =>
          backend.createProject({ config: { oauth_providers: [appleProvider([BUNDLE])] } })
        )
        yield* expectInvalid(project, "invalid-jwt-token")
      })
  )

  it.live("refuses a body without id_token with SCHEMA_ERROR", () =>
    Effect.gen(function* () {
      const project = yield* promise(() =>
        backend.createProject({ config: { oauth_providers: [appleProvider([BUNDLE])] } })
      )
      const response = yield* signIn(project, {})
      assert.strictEqual(response.status, 400)
      assert.strictEqual(response.body.code, "SCHEMA_ERROR")
    })
  )

  it.live("keeps the bundle ids in the admin project config", () =>
    Effect.gen(function* () {
      const project = yield* promise(() =>
        backend.createProject({ config: { oauth_providers: [appleProvider([BUNDLE, OTHER_BUNDLE])] } })
      )
      const current = expectStatus(
        yield* promise(() => backend.call(project, "GET", "/internal/projects/current", { accessType: "admin" })),
        200
      )
      const apple = (current.body.config.oauth_providers as Array<Record<string, unknown>>).find(
        (p) => p.id === "apple"
      )
      assert.deepStrictEqual(apple?.["apple_bundle_ids"], [BUNDLE, OTHER_BUNDLE])
    })
  )
})

describe("POST /auth/oauth/callback/apple/native: the identity token", () => {
  it.live("refuses a token from an unknown key, another issuer, for another audience or expired", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const project = yield* appleProject(mock)
      yield* expectInvalid(project, yield* identityToken(mock, { foreignKey: true }))
      yield* expectInvalid(project, yield* identityToken(mock, { issuer: "https://appleid.apple.com" }))
      yield* expectInvalid(project, yield* identityToken(mock, { audience: "com.example.web.service" }))
      yield* expectInvalid(project, yield* identityToken(mock, { expiresAt: Math.floor(Date.now() / 1000) - 3600 }))
      // No user was made by any of them.
      const users = expectStatus(
        yield* promise(() => backend.call(project, "GET", "/users", { accessType: "server" })),
        200
      )
      assert.deepStrictEqual(users.body.items, [])
    })
  )

  it.live("refuses a token issued in the future past the backend's clock tolerance, and takes one within it", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const project = yield* appleProject(mock)
      const now = Math.floor(Date.now() / 1000)
      yield* expectInvalid(project, yield* identityToken(mock, { issuedAt: now + 3600, expiresAt: now + 7200 }))
      yield* expectInvalid(project, yield* identityToken(mock, { issuedAt: now + 120 }))
      // The tolerance is CLOCK_TOLERANCE_SECONDS (30): a clock a few seconds ahead is still accepted.
      expectStatus(yield* signIn(project, { id_token: yield* identityToken(mock, { issuedAt: now + 5 }) }), 200)
    })
  )

  it.live("signs up on the first sign-in and signs the same user in on the next, for any configured bundle id", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const project = yield* appleProject(mock)
      const email = uniqueEmail("apple")
      const first = expectStatus(
        yield* signIn(project, { id_token: yield* identityToken(mock, { claims: { email, email_verified: "true" } }) }),
        200
      )
      assert.deepStrictEqual(Object.keys(first.body).sort(), [
        "access_token",
        "is_new_user",
        "refresh_token",
        "user_id"
      ])
      assert.isTrue(first.body.is_new_user)
      const me = expectStatus(
        yield* promise(() => backend.call(project, "GET", "/users/me", { accessToken: first.body.access_token })),
        200
      )
      assert.strictEqual(me.body.id, first.body.user_id)
      assert.deepInclude(me.body, { primary_email: email, primary_email_verified: true, display_name: null })
      assert.deepStrictEqual(me.body.oauth_providers, [{ id: "apple", account_id: "001234.apple-user", email }])

      const second = expectStatus(
        yield* signIn(project, { id_token: yield* identityToken(mock, { audience: OTHER_BUNDLE }) }),
        200
      )
      assert.isFalse(second.body.is_new_user)
      assert.strictEqual(second.body.user_id, first.body.user_id)
      assert.notStrictEqual(second.body.refresh_token, first.body.refresh_token)
      // The refresh token is a live session.
      const refreshed = yield* promise(() =>
        backend.call(project, "POST", "/auth/sessions/current/refresh", { refreshToken: second.body.refresh_token })
      )
      assert.strictEqual(refreshed.status, 200, refreshed.text)
    })
  )

  it.live("signs up a user without e-mail when the token has none", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const project = yield* appleProject(mock)
      const response = expectStatus(
        yield* signIn(project, { id_token: yield* identityToken(mock, { sub: "no-email" }) }),
        200
      )
      assert.isTrue(response.body.is_new_user)
      const me = expectStatus(
        yield* promise(() => backend.call(project, "GET", "/users/me", { accessToken: response.body.access_token })),
        200
      )
      assert.isNull(me.body.primary_email)
    })
  )
})

describe("POST /auth/oauth/callback/apple/native: the OAuth sign-in's rules", () => {
  it.live("links to the user who signs in with the same verified e-mail (link_method)", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const project = yield* appleProject(mock)
      const email = uniqueEmail("merge")
      const existing = expectStatus(
        yield* promise(() =>
          backend.call(project, "POST", "/users", {
            accessType: "server",
            body: { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true }
          })
        ),
        201
      )
      const response = expectStatus(
        yield* signIn(project, {
          id_token: yield* identityToken(mock, { sub: "merged", claims: { email, email_verified: true } })
        }),
        200
      )
      assert.isFalse(response.body.is_new_user)
      assert.strictEqual(response.body.user_id, existing.body.id)
    })
  )

  it.live("refuses an e-mail another account signs in with, unverified there", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const project = yield* appleProject(mock)
      const user = yield* promise(() => backend.signUp(project))
      const response = yield* signIn(project, {
        id_token: yield* identityToken(mock, { sub: "taken", claims: { email: user.email, email_verified: true } })
      })
      assert.strictEqual(response.status, 409, response.text)
      assert.strictEqual(response.body.code, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")
      assert.deepStrictEqual(response.body.details, {
        type: "email",
        contact_channel_value: user.email,
        would_work_if_email_was_verified: true
      })
    })
  )

  it.live("answers SIGN_UP_NOT_ENABLED for a new account where sign-up is off, but signs an existing one in", () =>
    Effect.gen(function* () {
      const mock = yield* oidcMock
      const project = yield* appleProject(mock)
      const first = expectStatus(
        yield* signIn(project, { id_token: yield* identityToken(mock, { sub: "before" }) }),
        200
      )
      expectStatus(
        yield* promise(() =>
          backend.call(project, "PATCH", "/internal/projects/current", {
            accessType: "admin",
            body: { config: { sign_up_enabled: false } }
          })
        ),
        200
      )
      const refused = yield* signIn(project, { id_token: yield* identityToken(mock, { sub: "after" }) })
      assert.strictEqual(refused.status, 400)
      assert.strictEqual(refused.body.code, "SIGN_UP_NOT_ENABLED")
      const again = expectStatus(
        yield* signIn(project, { id_token: yield* identityToken(mock, { sub: "before" }) }),
        200
      )
      assert.strictEqual(again.body.user_id, first.body.user_id)
    })
  )
})
