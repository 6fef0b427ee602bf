/**
 * Restricted and anonymous users, the client against the local backend over HTTP: a restricted user reads
 * themselves only when the call or the tier accepts them; anonymous sign-up; the users list filters; and
 * TokenVerifier with the tokens of such users.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { clientTier } from "../../src/layers/client.js"
import { makeTokenVerifier, type TokenVerifierOptions } from "../../src/services/app-server/jwt-verify.js"
import { allowingRestrictedUsers } from "../../src/services/wire/transport-request.js"
import { makeClientConfig } from "../../src/services/wire/client-config.js"
import { Auth } from "../../src/services/generated/auth.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { TokenStore } from "../../src/services/session/token-store.js"
import type { StoredTokens } from "../../src/services/session/token-store.js"
import { type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { serverTierOn } from "../support/clients.js"

const backend = useKitBackend()

const client = (project: TestProject, tokens: StoredTokens | null, options: { allowAnonymousUser?: boolean } = {}) =>
  clientTier({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl: backend.localBackend().url,
    tokenStore: tokens === null ? "memory" : TokenStore.memory(tokens),
    ...options
  })

const server = (project: TestProject) => serverTierOn(backend, project)

/** A user an administrator restricted, and a session of theirs, made through the server tier. */
const restrictedUser = (project: TestProject) =>
  Effect.gen(function* () {
    const users = yield* ServerUsers
    const user = yield* users.create({
      primaryEmail: uniqueEmail("restricted"),
      restrictedByAdmin: true,
      restrictedByAdminReason: "Spam"
    })
    const session = yield* Effect.promise(() =>
      backend.call(project, "POST", "/auth/sessions", { accessType: "server", body: { user_id: user.id } })
    )
    const tokens: StoredTokens = { accessToken: session.body.access_token, refreshToken: session.body.refresh_token }
    return { user, tokens }
  }).pipe(Effect.provide(server(project)))

describe("restricted users through the client", () => {
  it.live("read themselves with the allow header, and are nobody without it", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const { user, tokens } = yield* restrictedUser(project)
      assert.isTrue(user.isRestricted)
      assert.deepStrictEqual(user.restrictedReason, { type: "restricted_by_administrator" })
      assert.isTrue(user.restrictedByAdmin)

      yield* Effect.gen(function* () {
        const me = yield* CurrentUser
        assert.isNull(yield* me.get, "a refused session reads as no user")
        const restricted = yield* me.getWith({ includeRestricted: true })
        assert.strictEqual(restricted?.id, user.id)
        assert.isTrue(restricted?.isRestricted)
        assert.strictEqual(restricted?.restrictedByAdminReason, "Spam")
        // Other calls: the typed refusal, unless the call accepts restricted users.
        const refused = yield* Effect.flip(me.update({ displayName: "x" }))
        assert.strictEqual(refused._tag, "RestrictedUserNotAllowed")
        const renamed = yield* me.update({ displayName: "Rita" }).pipe(allowingRestrictedUsers)
        assert.strictEqual(renamed.displayName, "Rita")
        // Asking for the verification e-mail is how a user restricted for an unverified one gets out of it:
        // it accepts a restricted session whatever the tier accepts.
        yield* (yield* Auth).sendVerificationEmail({ callbackUrl: "http://localhost:3000/handler/email-verification" })
      }).pipe(Effect.provide(client(project, tokens)))

      // A tier that accepts them reads them with plain `get`.
      const viaTier = yield* CurrentUser.use((me) => me.get).pipe(
        Effect.provide(client(project, tokens, { allowAnonymousUser: true }))
      )
      assert.strictEqual(viaTier?.id, user.id)
    })
  )
})

describe("anonymous users through the client", () => {
  it.live("sign up anonymously; the session is read only where anonymous users are accepted", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject({ config: { sign_up_enabled: false } }))
      yield* Effect.gen(function* () {
        const auth = yield* Auth
        const me = yield* CurrentUser
        const signedIn = yield* auth.signUpAnonymously
        assert.isTrue(signedIn.isNewUser)
        assert.isNull(yield* me.get)
        assert.isNull(yield* me.getWith({ includeRestricted: true }), "restricted does not include anonymous")
        const anonymous = yield* me.getWith({ includeAnonymous: true })
        assert.strictEqual(anonymous?.id, signedIn.userId)
        assert.isTrue(anonymous?.isAnonymous)
        assert.deepStrictEqual(anonymous?.restrictedReason, { type: "anonymous" })
        const refused = yield* Effect.flip(me.update({ displayName: "x" }))
        assert.strictEqual(refused._tag, "AnonymousAuthenticationNotAllowed")
        // Signing out works for any user.
        yield* auth.signOut
        assert.isNull(yield* me.getWith({ includeAnonymous: true }))
      }).pipe(Effect.provide(client(project, null)))

      const viaTier = yield* Effect.gen(function* () {
        const signedIn = yield* (yield* Auth).signUpAnonymously
        const me = yield* (yield* CurrentUser).get
        return { signedIn, me }
      }).pipe(Effect.provide(client(project, null, { allowAnonymousUser: true })))
      assert.strictEqual(viaTier.me?.id, viaTier.signedIn.userId)
      assert.isTrue(viaTier.me?.isAnonymous)
    })
  )
})

describe("ServerUsers.list filters", () => {
  it.live("lists unrestricted users unless asked for restricted or anonymous ones", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const normal = yield* Effect.promise(() => backend.signUp(project))
      const { user: restricted } = yield* restrictedUser(project)
      const anonymous = yield* Effect.flatMap(Auth, (a) => a.signUpAnonymously).pipe(
        Effect.provide(client(project, null))
      )
      const ids = (options: Parameters<ServerUsers["Service"]["list"]>[0]) =>
        Effect.map(
          ServerUsers.use((u) => u.list(options)),
          (page) => page.items.map((u) => u.id).sort()
        )
      yield* Effect.gen(function* () {
        assert.deepStrictEqual(yield* ids({}), [normal.userId])
        assert.deepStrictEqual(yield* ids({ includeRestricted: true }), [normal.userId, restricted.id].sort())
        assert.deepStrictEqual(
          yield* ids({ includeAnonymous: true }),
          [normal.userId, restricted.id, anonymous.userId].sort()
        )
        assert.deepStrictEqual(yield* ids({ includeAnonymous: true, onlyAnonymous: true }), [anonymous.userId])
        const refused = yield* Effect.flip(ServerUsers.use((u) => u.list({ onlyAnonymous: true })))
        assert.strictEqual(refused._tag, "InvalidInput")
      }).pipe(Effect.provide(server(project)))
    })
  )
})

describe("TokenVerifier with restricted and anonymous users' tokens", () => {
  it.live("refuses them unless asked, then verifies them against the extra keys", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const { tokens: restricted } = yield* restrictedUser(project)
      const anonymous = yield* Effect.promise(() => backend.call(project, "POST", "/auth/anonymous/sign-up"))
      const normal = yield* Effect.promise(() => backend.signUp(project))
      const config = makeClientConfig({
        projectId: project.id,
        accessType: "server",
        secretServerKey: project.secretServerKey,
        baseUrl: backend.localBackend().url
      })
      const outcome = (options: TokenVerifierOptions, token: string) =>
        Effect.flatMap(makeTokenVerifier(config, options), (v) => v.verify(token)).pipe(
          Effect.map((verified) =>
            verified.claims.isAnonymous ? "anonymous" : verified.claims.isRestricted ? "restricted" : "normal"
          ),
          Effect.catchTag("JwtVerificationError", (e) => Effect.succeed(e.reason))
        )
      const token = {
        normal: normal.accessToken,
        restricted: restricted.accessToken!,
        anonymous: anonymous.body.access_token as string
      }
      assert.strictEqual(yield* outcome({}, token.normal), "normal")
      assert.strictEqual(yield* outcome({}, token.restricted), "restricted-user")
      assert.strictEqual(yield* outcome({}, token.anonymous), "anonymous-user")
      assert.strictEqual(yield* outcome({ allowRestricted: true }, token.restricted), "restricted")
      assert.strictEqual(yield* outcome({ allowRestricted: true }, token.anonymous), "anonymous-user")
      assert.strictEqual(yield* outcome({ allowAnonymous: true }, token.anonymous), "anonymous")
      assert.strictEqual(yield* outcome({ allowAnonymous: true }, token.restricted), "restricted")
      assert.strictEqual(yield* outcome({ allowAnonymous: true }, token.normal), "normal")
    })
  )
})
