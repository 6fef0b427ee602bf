/**
 * `Auth.exchangeExternalToken` against the local backend over HTTP: a Better Auth session token (signed by a
 * small local provider publishing its ES256 key) becomes an access token of the same user here, the user made
 * on the first exchange; the tier's own session is left alone; the two known errors come back typed.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { exportJWK, generateKeyPair, SignJWT } from "jose"
import { createServer, type Server } from "node:http"
import { makeExternalTokenStore } from "../../src/services/auth/external-token-store.js"
import { Auth } from "../../src/services/generated/auth.js"
import { Session } from "../../src/services/session/session.js"
import { clientCore } from "../support/clients.js"
import { expectStatus, type TestProject, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const AUDIENCE = "stackfx-external-client-test"
const KID = "external-client-test"

let server: Server
let issuer = ""
let privateKey: CryptoKey

beforeAll(async () => {
  const pair = await generateKeyPair("ES256", { extractable: true })
  privateKey = pair.privateKey
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), alg: "ES256", kid: KID, use: "sig" }] })
  server = createServer((request, response) => {
    if (request.url === "/jwks") response.writeHead(200, { "content-type": "application/json" }).end(jwks)
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (address === null || typeof address === "string") throw new Error("the JWKS server has no port")
  issuer = `http://127.0.0.1:${address.port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const betterAuthProject = async (enabled: boolean): Promise<TestProject> => {
  const project = await backend.createProject()
  expectStatus(
    await backend.call(project, "PATCH", "/internal/config/override/environment", {
      accessType: "admin",
      body: {
        config_override_string: JSON.stringify({
          "apps.installed.better-auth-integration.enabled": enabled,
          "better-auth-integration.issuer": issuer,
          "better-auth-integration.audience": AUDIENCE,
          "better-auth-integration.jwksUrl": `${issuer}/jwks`
        })
      }
    }),
    200
  )
  return project
}

const providerToken = (subject: string, expiresIn = "10m") =>
  new SignJWT({ sid: `session-of-${subject}` })
    .setProtectedHeader({ alg: "ES256", kid: KID })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(privateKey)

const client = (project: TestProject) =>
  Layer.mergeAll(Auth.layer).pipe(Layer.provideMerge(clientCore(backend, project)))

describe("Auth.exchangeExternalToken", () => {
  it.live("answers an access token of one user per provider identity, and stores no session", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => betterAuthProject(true))
      const token = yield* Effect.promise(() => providerToken("person-1"))
      const { first, again, state } = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const first = yield* auth.exchangeExternalToken("better-auth-integration", token)
        const again = yield* auth.exchangeExternalToken("better-auth-integration", token)
        return { first, again, state: yield* Session.use((s) => s.state) }
      }).pipe(Effect.provide(client(project)))

      assert.isTrue(first.isNewUser)
      assert.isFalse(again.isNewUser)
      assert.strictEqual(again.userId, first.userId)
      assert.strictEqual(state._tag, "KnownInvalid")
      // The access token is the user's: the service reads the user with it.
      const me = expectStatus(
        yield* Effect.promise(() => backend.call(project, "GET", "/users/me", { accessToken: first.accessToken })),
        200
      )
      assert.strictEqual(me.body.id, first.userId)
    })
  )

  it.live("fails with the typed known errors and their reasons", () =>
    Effect.gen(function* () {
      const disabled = yield* Effect.promise(() => betterAuthProject(false))
      const enabled = yield* Effect.promise(() => betterAuthProject(true))
      const expired = yield* Effect.promise(() => providerToken("person-2", "-1m"))
      const notConfigured = yield* Effect.flip(
        Auth.use((auth) => auth.exchangeExternalToken("better-auth-integration", expired)).pipe(
          Effect.provide(client(disabled))
        )
      )
      const invalid = yield* Effect.flip(
        Auth.use((auth) => auth.exchangeExternalToken("better-auth-integration", expired)).pipe(
          Effect.provide(client(enabled))
        )
      )
      assert.strictEqual(notConfigured._tag, "ExternalAuthProviderNotConfigured")
      if (notConfigured._tag === "ExternalAuthProviderNotConfigured") {
        assert.strictEqual(notConfigured.details.reason, "provider_disabled")
      }
      assert.strictEqual(invalid._tag, "InvalidExternalAuthToken")
      if (invalid._tag === "InvalidExternalAuthToken") assert.strictEqual(invalid.details.reason, "expired")
    })
  )

  it.live("keeps an external session: the store's token is the user's, who lists the provider", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => betterAuthProject(true))
      let fetched = 0
      const { first, again } = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const store = yield* makeExternalTokenStore({
          source: {
            providerId: "better-auth-integration",
            getToken: Effect.promise(() => {
              fetched++
              return providerToken("person-3")
            })
          },
          exchange: auth.exchangeExternalToken
        })
        const first = yield* store.getAccessToken
        const again = yield* store.getAccessToken
        return { first, again }
      }).pipe(Effect.scoped, Effect.provide(client(project)))
      // One exchange: the second call is served the held token.
      assert.strictEqual(again, first)
      assert.strictEqual(fetched, 1)
      const me = expectStatus(
        yield* Effect.promise(() => backend.call(project, "GET", "/users/me", { accessToken: first ?? "" })),
        200
      )
      assert.deepStrictEqual(me.body.external_auth_providers, [{ id: "better-auth-integration" }])
    })
  )
})
