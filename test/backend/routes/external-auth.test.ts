/**
 * `POST /auth/external/token` over HTTP: an external auth provider's session token for an access token, with
 * the statuses, codes and reasons of the service's route (hexclave/hexclave, `auth/external/token`). The
 * provider is a small local server publishing one ES256 key (at `/jwks` and `/.well-known/jwks.json`), whose
 * origin is the issuer the tokens name.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose"
import { createServer, type Server } from "node:http"
import { type CallResult, expectStatus, type TestProject, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const AUDIENCE = "stackfx-external-auth-test"
const KID = "external-auth-test"

let server: Server
let issuer = ""
let privateKey: CryptoKey
let publicJwk: JWK

beforeAll(async () => {
  const pair = await generateKeyPair("ES256", { extractable: true })
  privateKey = pair.privateKey
  publicJwk = { ...(await exportJWK(pair.publicKey)), alg: "ES256", kid: KID, use: "sig" }
  server = createServer((request, response) => {
    if (request.url !== "/jwks" && request.url !== "/.well-known/jwks.json") {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [publicJwk] }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (address === null || typeof address === "string") throw new Error("the JWKS server has no port")
  issuer = `http://127.0.0.1:${address.port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

const setConfig = (project: TestProject, config: Record<string, unknown>) =>
  promise(async () =>
    expectStatus(
      await backend.call(project, "PATCH", "/internal/config/override/environment", {
        accessType: "admin",
        body: { config_override_string: JSON.stringify(config) }
      }),
      200
    )
  )

/** A project with the Better Auth integration installed (or not) and pointed at the local provider. */
const betterAuthProject = (enabled = true) =>
  Effect.gen(function* () {
    const project = yield* promise(() => backend.createProject())
    yield* setConfig(project, {
      "apps.installed.better-auth-integration.enabled": enabled,
      "better-auth-integration.issuer": issuer,
      "better-auth-integration.audience": AUDIENCE,
      "better-auth-integration.jwksUrl": `${issuer}/jwks`
    })
    return project
  })

interface TokenOptions {
  readonly subject?: string
  readonly sessionId?: string | null
  readonly issuer?: string
  readonly audience?: string
  readonly expiresIn?: string
  readonly azp?: string
  readonly email?: unknown
  readonly name?: unknown
  readonly emailVerified?: unknown
  readonly typ?: string
  readonly key?: CryptoKey
}

const providerToken = (options: TokenOptions = {}) =>
  promise(async () => {
    const claims: Record<string, unknown> = {}
    if (options.sessionId !== null) claims["sid"] = options.sessionId ?? "provider-session-1"
    if (options.azp !== undefined) claims["azp"] = options.azp
    if (options.email !== undefined) claims["email"] = options.email
    if (options.name !== undefined) claims["name"] = options.name
    if (options.emailVerified !== undefined) claims["email_verified"] = options.emailVerified
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", kid: KID, ...(options.typ === undefined ? {} : { typ: options.typ }) })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? AUDIENCE)
      .setSubject(options.subject ?? "external-user-1")
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "10m")
      .sign(options.key ?? privateKey)
  })

const exchange = (
  project: TestProject,
  token: string,
  providerId = "better-auth-integration",
  accessToken?: string
): Effect.Effect<CallResult> =>
  promise(() =>
    backend.call(project, "POST", "/auth/external/token", {
      accessType: "client",
      accessToken,
      // A guest's token counts only where the request says guests may call.
      headers: { "x-stack-allow-anonymous-user": "true" },
      body: { provider_id: providerId, token }
    })
  )

const serverUser = (project: TestProject, userId: string) =>
  promise(async () =>
    expectStatus(await backend.call(project, "GET", `/users/${userId}`, { accessType: "server" }), 200)
  )

const sessionsOf = (project: TestProject, userId: string, accessToken: string) =>
  promise(async () =>
    expectStatus(
      await backend.call(project, "GET", `/auth/sessions?user_id=${userId}`, { accessType: "client", accessToken }),
      200
    )
  )

const expectRefused = (response: CallResult, status: number, code: string, reason: string) => {
  assert.strictEqual(response.status, status, response.text)
  assert.strictEqual(response.body.code, code)
  assert.strictEqual(response.knownError, code)
  assert.deepStrictEqual(response.body.details, { reason })
}

describe("POST /auth/external/token", () => {
  it.live("makes one user on the first exchange, with the token's profile, and reuses its session", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const token = yield* providerToken({
        email: "provider-user@example.com",
        name: "Provider User",
        emailVerified: false
      })
      const first = yield* exchange(project, token)
      assert.strictEqual(first.status, 200, first.text)
      assert.strictEqual(first.body.is_new_user, true)
      assert.match(first.body.user_id, /^[0-9a-f-]{36}$/)
      assert.match(first.body.session_id, /^[0-9a-f-]{36}$/)
      assert.deepStrictEqual(Object.keys(first.body).sort(), ["access_token", "is_new_user", "session_id", "user_id"])

      const user = yield* serverUser(project, first.body.user_id)
      assert.strictEqual(user.body.primary_email, "provider-user@example.com")
      assert.strictEqual(user.body.primary_email_verified, false)
      assert.strictEqual(user.body.primary_email_auth_enabled, false)
      assert.strictEqual(user.body.display_name, "Provider User")
      assert.deepStrictEqual(user.body.external_auth_providers, [{ id: "better-auth-integration" }])

      const again = yield* exchange(project, token)
      assert.strictEqual(again.status, 200)
      assert.deepInclude(again.body, {
        is_new_user: false,
        user_id: first.body.user_id,
        session_id: first.body.session_id
      })

      // Another provider session of the same user: another session here.
      const second = yield* exchange(project, yield* providerToken({ sessionId: "provider-session-2" }))
      assert.strictEqual(second.body.user_id, first.body.user_id)
      assert.notStrictEqual(second.body.session_id, first.body.session_id)
      const sessions = yield* sessionsOf(project, first.body.user_id, second.body.access_token)
      assert.strictEqual(sessions.body.items.length, 2)
      assert.strictEqual(
        sessions.body.items.filter((s: { is_current_session: boolean }) => s.is_current_session).length,
        1
      )
    })
  )

  it.live(
    "gives an access token that works, expires with the provider's token at the latest, and no refresh token",
    () =>
      Effect.gen(function* () {
        const project = yield* betterAuthProject()
        const answer = yield* exchange(project, yield* providerToken({ expiresIn: "90s", email: "me@example.com" }))
        assert.strictEqual(answer.status, 200)
        const [, payload] = String(answer.body.access_token).split(".")
        const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"))
        assert.isAtMost(claims.exp - Math.floor(Date.now() / 1000), 90)
        assert.strictEqual(claims.refresh_token_id, answer.body.session_id)
        const me = yield* promise(() =>
          backend.call(project, "GET", "/users/me", { accessType: "client", accessToken: answer.body.access_token })
        )
        assert.strictEqual(me.status, 200)
        assert.strictEqual(me.body.id, answer.body.user_id)
        assert.deepStrictEqual(me.body.external_auth_providers, [{ id: "better-auth-integration" }])
      })
  )

  it.live("opens the same session again after it was signed out of", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const token = yield* providerToken({ sessionId: "revoked-session" })
      const first = yield* exchange(project, token)
      const signOut = yield* promise(() =>
        backend.call(project, "DELETE", "/auth/sessions/current", {
          accessType: "client",
          accessToken: first.body.access_token
        })
      )
      assert.strictEqual(signOut.status, 200)
      const after = yield* exchange(project, token)
      assert.strictEqual(after.status, 200)
      assert.deepInclude(after.body, { user_id: first.body.user_id, session_id: first.body.session_id })
      const sessions = yield* sessionsOf(project, first.body.user_id, after.body.access_token)
      assert.deepStrictEqual(
        sessions.body.items.map((s: { id: string; is_current_session: boolean }) => [s.id, s.is_current_session]),
        [[first.body.session_id, true]]
      )
    })
  )

  it.live("never overwrites a profile changed after the first exchange", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const first = yield* exchange(project, yield* providerToken({ email: "original@example.com", name: "Original" }))
      yield* promise(async () =>
        expectStatus(
          await backend.call(project, "PATCH", `/users/${first.body.user_id}`, {
            accessType: "server",
            body: { primary_email: "edited@example.com", display_name: "Edited" }
          }),
          200
        )
      )
      const again = yield* exchange(project, yield* providerToken({ email: "other@example.com", name: "Other" }))
      assert.strictEqual(again.body.user_id, first.body.user_id)
      const user = yield* serverUser(project, first.body.user_id)
      assert.deepInclude(user.body, { primary_email: "edited@example.com", display_name: "Edited" })
    })
  )

  it.live("upgrades the request's anonymous user, keeping what the provider does not say", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const guest = yield* promise(async () =>
        expectStatus(await backend.call(project, "POST", "/auth/anonymous/sign-up", { accessType: "client" }), 200)
      )
      yield* promise(async () =>
        expectStatus(
          await backend.call(project, "PATCH", "/users/me", {
            accessType: "client",
            accessToken: guest.body.access_token,
            headers: { "x-stack-allow-anonymous-user": "true" },
            body: { display_name: "Guest Name" }
          }),
          200
        )
      )
      const upgraded = yield* exchange(
        project,
        yield* providerToken({ email: "upgraded@example.com", emailVerified: true }),
        "better-auth-integration",
        guest.body.access_token
      )
      assert.strictEqual(upgraded.status, 200, upgraded.text)
      assert.strictEqual(upgraded.body.user_id, guest.body.user_id)
      assert.strictEqual(upgraded.body.is_new_user, false)
      const user = yield* serverUser(project, guest.body.user_id)
      assert.deepInclude(user.body, {
        is_anonymous: false,
        display_name: "Guest Name",
        primary_email: "upgraded@example.com",
        primary_email_verified: true,
        primary_email_auth_enabled: false
      })
    })
  )

  it.live("ignores blank, overlong, invalid or mistyped profile claims", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const blank = yield* exchange(
        project,
        yield* providerToken({ email: "   ", name: "n".repeat(257), emailVerified: "true" })
      )
      const invalid = yield* exchange(
        project,
        yield* providerToken({ subject: "u2", email: "not-an-email", name: "Valid Name", emailVerified: true })
      )
      assert.deepInclude((yield* serverUser(project, blank.body.user_id)).body, {
        primary_email: null,
        display_name: null,
        primary_email_verified: false
      })
      assert.deepInclude((yield* serverUser(project, invalid.body.user_id)).body, {
        primary_email: null,
        display_name: "Valid Name",
        primary_email_verified: false
      })
    })
  )

  it.live("lets two provider users share an address (it is nobody's sign-in)", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const a = yield* exchange(project, yield* providerToken({ subject: "a", email: "same@example.com" }))
      const b = yield* exchange(project, yield* providerToken({ subject: "b", email: "same@example.com" }))
      assert.strictEqual(b.status, 200)
      assert.notStrictEqual(a.body.user_id, b.body.user_id)
    })
  )

  it.live("makes one user when the first exchanges of an identity race", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const token = yield* providerToken()
      const answers = yield* Effect.all(
        Array.from({ length: 4 }, () => exchange(project, token)),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(
        answers.map((a) => a.status),
        [200, 200, 200, 200]
      )
      assert.strictEqual(new Set(answers.map((a) => a.body.user_id)).size, 1)
      assert.strictEqual(new Set(answers.map((a) => a.body.session_id)).size, 1)
      assert.strictEqual(answers.filter((a) => a.body.is_new_user).length, 1)
      const users = yield* promise(() => backend.call(project, "GET", "/users", { accessType: "server" }))
      assert.strictEqual(users.body.items.length, 1)
    })
  )

  it.live("refuses a sign-up where sign-up is off, but still signs in a known identity", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const known = yield* exchange(project, yield* providerToken({ subject: "known" }))
      yield* setConfig(project, { "auth.allowSignUp": false })
      const refused = yield* exchange(project, yield* providerToken({ subject: "new" }))
      assert.strictEqual(refused.status, 400)
      assert.strictEqual(refused.body.code, "SIGN_UP_NOT_ENABLED")
      const again = yield* exchange(project, yield* providerToken({ subject: "known" }))
      assert.strictEqual(again.body.user_id, known.body.user_id)
    })
  )
})

describe("POST /auth/external/token: refused tokens and configurations", () => {
  it.live("answers INVALID_EXTERNAL_AUTH_TOKEN with the service's reason for each bad token", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const foreign = (yield* promise(() => generateKeyPair("ES256"))).privateKey
      const cases: ReadonlyArray<readonly [string, string]> = [
        ["not-a-jwt", "malformed_token"],
        ["a.b.c", "malformed_token"],
        [yield* providerToken({ issuer: "https://wrong-issuer.example.com" }), "issuer_mismatch"],
        [yield* providerToken({ audience: "wrong-audience" }), "audience_mismatch"],
        [yield* providerToken({ expiresIn: "-1s" }), "expired"],
        [yield* providerToken({ key: foreign }), "signature_mismatch"],
        [yield* providerToken({ sessionId: null }), "missing_claim"]
      ]
      for (const [token, reason] of cases)
        expectRefused(yield* exchange(project, token), 401, "INVALID_EXTERNAL_AUTH_TOKEN", reason)
    })
  )

  it.live(
    "answers EXTERNAL_AUTH_PROVIDER_NOT_CONFIGURED while the integration is not installed or a setting is missing",
    () =>
      Effect.gen(function* () {
        const disabled = yield* betterAuthProject(false)
        const token = yield* providerToken()
        expectRefused(
          yield* exchange(disabled, token),
          400,
          "EXTERNAL_AUTH_PROVIDER_NOT_CONFIGURED",
          "provider_disabled"
        )
        const workos = yield* promise(() => backend.createProject())
        yield* setConfig(workos, { "apps.installed.workos-integration.enabled": true })
        expectRefused(
          yield* exchange(workos, token, "workos-integration"),
          400,
          "EXTERNAL_AUTH_PROVIDER_NOT_CONFIGURED",
          "required_setting_missing"
        )
      })
  )

  it.live("checks Clerk's authorized parties by origin, a token without azp included", () =>
    Effect.gen(function* () {
      const project = yield* promise(() => backend.createProject())
      yield* setConfig(project, {
        "apps.installed.clerk-integration.enabled": true,
        "clerk-integration.issuer": issuer,
        "clerk-integration.authorizedParties": "https://app.example.com/some/path"
      })
      const clerk = (token: string) => exchange(project, token, "clerk-integration")
      expectRefused(
        yield* clerk(yield* providerToken()),
        401,
        "INVALID_EXTERNAL_AUTH_TOKEN",
        "authorized_party_mismatch"
      )
      expectRefused(
        yield* clerk(yield* providerToken({ azp: "https://evil.example.com" })),
        401,
        "INVALID_EXTERNAL_AUTH_TOKEN",
        "authorized_party_mismatch"
      )
      expectRefused(
        yield* clerk(yield* providerToken({ azp: "https://app.example.com", typ: "at+jwt" })),
        401,
        "INVALID_EXTERNAL_AUTH_TOKEN",
        "unsupported_token_type"
      )
      assert.strictEqual((yield* clerk(yield* providerToken({ azp: "https://app.example.com" }))).status, 200)
    })
  )

  it.live("refuses an unknown provider and an empty token as schema errors", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const unknown = yield* exchange(project, yield* providerToken(), "auth0-integration")
      assert.strictEqual(unknown.status, 400)
      assert.strictEqual(unknown.body.code, "SCHEMA_ERROR")
      const empty = yield* exchange(project, "")
      assert.strictEqual(empty.status, 400)
      assert.strictEqual(empty.body.code, "SCHEMA_ERROR")
    })
  )

  it.live("reads the integration settings back in the rendered config", () =>
    Effect.gen(function* () {
      const project = yield* betterAuthProject()
      const config = yield* promise(async () =>
        expectStatus(await backend.call(project, "GET", "/internal/config", { accessType: "admin" }), 200)
      )
      const rendered = JSON.parse(config.body.config_string)
      assert.deepStrictEqual(rendered.apps.installed["better-auth-integration"], { enabled: true })
      assert.deepStrictEqual(rendered.apps.installed["payments"], { enabled: false })
      assert.deepStrictEqual(rendered["better-auth-integration"], {
        issuer,
        audience: AUDIENCE,
        jwksUrl: `${issuer}/jwks`
      })
    })
  )
})
