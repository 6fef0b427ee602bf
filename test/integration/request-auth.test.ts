/**
 * Sessions across the app's own server, against the local backend: the client tier's `authHeaders` (or its
 * cookies) carry the session, the server tier's `RequestAuth` reads it from a web Request, an effect
 * HttpServerRequest or a Node IncomingMessage, verifies it locally, refreshes an expired one, and refuses
 * the rest with typed errors.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as Layer from "effect/Layer"
import { layerCore } from "../../src/layers/core.js"
import { serverEndpoints } from "../../src/layers/server.js"
import { Auth } from "../../src/services/generated/auth.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { TokenVerifier } from "../../src/services/app-server/jwt-verify.js"
import { RequestAuth } from "../../src/services/app-server/request-auth.js"
import { ServerSessions } from "../../src/services/generated/server-sessions.js"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { cookieTokenStore, tokenSetCookies } from "../../src/services/session/token-store-cookie.js"
import { expectStatus, type TestUser, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { FakeDocument } from "./support/oauth-browser.js"
import { appClient, appClientOver, appServer, incomingMessageWith, withClockAhead } from "./request-auth-support.js"

const backend = useKitBackend()
const API = "http://app.test/api/me"
const ONE_HOUR_MS = 3_600_000

const signUp = Effect.promise(() => backend.signUp(backend.internal()))

/** The headers the signed-in `user`'s client tier gives for the app's own server. */
const clientHeaders = (user?: TestUser) =>
  Effect.flatMap(CurrentUser, (me) => me.authHeaders).pipe(Effect.provide(appClient(backend, backend.internal(), user)))

/** What the app's server makes of a request. */
const serverSession = (source: Parameters<RequestAuth["Service"]["session"]>[0]) =>
  Effect.flatMap(RequestAuth, (auth) => auth.session(source)).pipe(
    Effect.provide(appServer(backend, backend.internal()))
  )

const serverUser = (source: Parameters<RequestAuth["Service"]["user"]>[0]) =>
  Effect.flatMap(RequestAuth, (auth) => auth.user(source)).pipe(Effect.provide(appServer(backend, backend.internal())))

/** A token whose signature no longer matches its content. */
const tampered = (token: string) => {
  const [header, payload, signature = ""] = token.split(".")
  const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`
  return `${header}.${payload}.${flipped}`
}

describe("the client tier's session headers", () => {
  it.live("carry the signed-in user's tokens as x-stack-auth JSON", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      const headers = yield* clientHeaders(user)
      assert.deepStrictEqual(Object.keys(headers), ["x-stack-auth"])
      assert.deepStrictEqual(JSON.parse(headers["x-stack-auth"]), {
        accessToken: user.accessToken,
        refreshToken: user.refreshToken
      })
    })
  )

  it.live("are both-null JSON for a visitor, which the server calls Unauthenticated", () =>
    Effect.gen(function* () {
      const headers = yield* clientHeaders()
      assert.deepStrictEqual(JSON.parse(headers["x-stack-auth"]), { accessToken: null, refreshToken: null })
      const refused = yield* Effect.flip(serverSession(new Request(API, { headers })))
      assert.strictEqual(refused._tag, "Unauthenticated")
    })
  )

  it.live("carry a refreshed access token when the stored one has expired", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      const json = yield* Effect.flatMap(CurrentUser, (me) => me.authJson).pipe(
        Effect.provide(appClient(backend, backend.internal(), user)),
        withClockAhead(ONE_HOUR_MS)
      )
      assert.notStrictEqual(json.accessToken, user.accessToken)
      assert.strictEqual(json.refreshToken, user.refreshToken)
      const session = yield* serverSession({ authJson: json })
      assert.strictEqual(session.userId, user.userId)
      assert.isFalse(session.refreshed)
    })
  )
})

describe("RequestAuth reads the session of", () => {
  it.live("a web Request with the x-stack-auth header: verified locally, the user with server fields", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      yield* Effect.flatMap(ServerUsers, (users) =>
        users.update(user.userId, { serverMetadata: { plan: "pro" } })
      ).pipe(Effect.provide(appServer(backend, backend.internal())))
      const request = new Request(API, { headers: yield* clientHeaders(user) })
      const { session, user: account } = yield* serverUser(request)
      assert.strictEqual(session.userId, user.userId)
      assert.strictEqual(session.origin, "header")
      assert.isFalse(session.refreshed)
      assert.deepStrictEqual(session.tokens, { accessToken: user.accessToken, refreshToken: user.refreshToken })
      assert.strictEqual(session.claims.email, user.email)
      assert.strictEqual(account.id, user.userId)
      assert.deepStrictEqual(account.serverMetadata, { plan: "pro" })
    })
  )

  it.live("a web Request with the client tier's cookies", () =>
    Effect.gen(function* () {
      const email = uniqueEmail("cookies")
      const doc = new FakeDocument()
      const signedIn = yield* Effect.flatMap(Auth, (auth) =>
        auth.signUpWithCredential({
          email,
          password: "correct horse battery",
          passwordConfirmation: "correct horse battery"
        })
      ).pipe(
        Effect.provide(
          appClientOver(
            backend,
            backend.internal(),
            cookieTokenStore({ projectId: "internal", document: doc, secure: false })
          )
        )
      )
      const request = new Request(API, { headers: { cookie: `theme=dark; ${doc.cookie}` } })
      const { session, user } = yield* serverUser(request)
      assert.strictEqual(session.origin, "cookie")
      assert.strictEqual(session.userId, signedIn.userId)
      assert.strictEqual(user.primaryEmail, email)
    })
  )

  it.live("an effect HttpServerRequest", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      const request = HttpServerRequest.fromWeb(new Request(API, { headers: yield* clientHeaders(user) }))
      assert.strictEqual((yield* serverSession(request)).userId, user.userId)
    })
  )

  it.live("a Node IncomingMessage, by header and by cookie", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      const byHeader = yield* incomingMessageWith(yield* clientHeaders(user))
      assert.strictEqual((yield* serverSession(byHeader)).userId, user.userId)
      const byCookie = yield* incomingMessageWith({
        cookie: `stack-refresh-internal=${user.refreshToken}; stack-access-internal=${user.accessToken}`
      })
      const session = yield* serverSession(byCookie)
      assert.strictEqual(session.userId, user.userId)
      assert.strictEqual(session.origin, "cookie")
    })
  )

  it.live("the header before the cookies when both are sent", () =>
    Effect.gen(function* () {
      const [first, second] = [yield* signUp, yield* signUp]
      const request = new Request(API, {
        headers: { ...(yield* clientHeaders(first)), cookie: `stack-access-internal=${second.accessToken}` }
      })
      assert.strictEqual((yield* serverSession(request)).userId, first.userId)
    })
  )
})

describe("RequestAuth refreshes", () => {
  it.live("an expired access token with the refresh token beside it, and verifies the new one", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      const headers = yield* clientHeaders(user)
      const { session, user: account } = yield* serverUser(new Request(API, { headers })).pipe(
        withClockAhead(ONE_HOUR_MS)
      )
      assert.isTrue(session.refreshed)
      assert.strictEqual(session.userId, user.userId)
      assert.strictEqual(account.id, user.userId)
      assert.notStrictEqual(session.tokens.accessToken, user.accessToken)
      assert.strictEqual(session.tokens.refreshToken, user.refreshToken)
      // The new token is the API's own: now, for the real clock, it verifies like any other.
      const verified = yield* Effect.flatMap(TokenVerifier, (v) => v.verify(session.tokens.accessToken)).pipe(
        Effect.provide(appServer(backend, backend.internal()))
      )
      assert.strictEqual(verified.userId, user.userId)
    })
  )

  it.live(
    "an expired access token from the cookies: sending back its Set-Cookie values spares the next request a refresh",
    () =>
      Effect.gen(function* () {
        const user = yield* signUp
        const browser = new FakeDocument()
        for (const line of tokenSetCookies("internal", user, { secure: false })) browser.cookie = line
        const first = yield* serverSession(new Request(API, { headers: { cookie: browser.cookie } })).pipe(
          withClockAhead(ONE_HOUR_MS)
        )
        assert.isTrue(first.refreshed)
        assert.strictEqual(first.origin, "cookie")
        for (const line of tokenSetCookies("internal", first.tokens, { secure: false })) browser.cookie = line
        const next = yield* serverSession(new Request(API, { headers: { cookie: browser.cookie } }))
        assert.isFalse(next.refreshed)
        assert.strictEqual(next.tokens.accessToken, first.tokens.accessToken)
        assert.strictEqual(next.tokens.refreshToken, user.refreshToken)
      })
  )

  it.live("a refresh token alone (cookies whose access token is gone)", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      const session = yield* serverSession(
        new Request(API, { headers: { cookie: `stack-refresh-internal=${user.refreshToken}` } })
      )
      assert.isTrue(session.refreshed)
      assert.strictEqual(session.userId, user.userId)
    })
  )

  it.live("refreshes without the publishable client key unless the project requires one", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      expectStatus(
        yield* Effect.promise(() =>
          backend.call(project, "PATCH", "/internal/config/override/project", {
            accessType: "admin",
            body: { config_override_string: JSON.stringify({ "project.requirePublishableClientKey": true }) }
          })
        ),
        200
      )
      const withoutPublishableKey = serverEndpoints.pipe(
        Layer.provideMerge(
          layerCore({
            projectId: project.id,
            accessType: "server",
            secretServerKey: project.secretServerKey,
            baseUrl: backend.localBackend().url
          })
        )
      )
      const failed = yield* Effect.flip(
        Effect.flatMap(RequestAuth, (auth) =>
          auth.session({ authJson: { accessToken: null, refreshToken: user.refreshToken } })
        )
      ).pipe(Effect.provide(withoutPublishableKey))
      assert.strictEqual(failed._tag, "PublishableClientKeyRequiredForProject")
    })
  )
})

describe("RequestAuth refuses", () => {
  it.live("a request without any session: Unauthenticated", () =>
    Effect.gen(function* () {
      for (const headers of [{}, { cookie: "theme=dark" }, { "x-stack-auth": "{}" }, { "x-stack-auth": "" }]) {
        const refused = yield* Effect.flip(serverSession(new Request(API, { headers })))
        assert.strictEqual(refused._tag, "Unauthenticated", JSON.stringify(headers))
      }
    })
  )

  it.live("a malformed x-stack-auth header: MalformedAuthJson, without repeating the header", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      const malformed = [
        `{"accessToken":"${user.accessToken}"`,
        `"${user.accessToken}"`,
        "null",
        `["${user.accessToken}"]`,
        `{"accessToken":42,"refreshToken":"${user.refreshToken}"}`,
        `{"accessToken":"undefined","refreshToken":"${user.refreshToken}"}`
      ]
      for (const header of malformed) {
        const refused = yield* Effect.flip(serverSession(new Request(API, { headers: { "x-stack-auth": header } })))
        assert.strictEqual(refused._tag, "MalformedAuthJson", header)
        assert.notInclude(refused.message, user.accessToken.slice(0, 20))
        assert.notInclude(refused.message, user.refreshToken)
      }
    })
  )

  it.live("a forged or foreign access token, even with a valid refresh token beside it: InvalidSession", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      const other = yield* Effect.promise(() => backend.createProject())
      const outsider = yield* Effect.promise(() => backend.signUp(other))
      for (const accessToken of [tampered(user.accessToken), outsider.accessToken, "not-a-jwt"]) {
        const refused = yield* Effect.flip(
          serverSession({ authJson: { accessToken, refreshToken: user.refreshToken } })
        )
        assert.strictEqual(refused._tag, "InvalidSession")
        if (refused._tag === "InvalidSession") assert.strictEqual(refused.reason, "access-token-invalid")
      }
    })
  )

  it.live("an expired access token without a refresh token: InvalidSession access-token-expired", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      const refused = yield* Effect.flip(
        serverSession({ authJson: { accessToken: user.accessToken, refreshToken: null } })
      ).pipe(withClockAhead(ONE_HOUR_MS))
      assert.strictEqual(refused._tag, "InvalidSession")
      if (refused._tag === "InvalidSession") assert.strictEqual(refused.reason, "access-token-expired")
    })
  )

  it.live("an expired access token whose session was ended, and a made-up refresh token: refresh-token-rejected", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      yield* Effect.gen(function* () {
        const sessions = yield* ServerSessions
        for (const open of yield* sessions.list(user.userId)) yield* sessions.delete(user.userId, open.id)
      }).pipe(Effect.provide(appServer(backend, backend.internal())))
      const ended = yield* Effect.flip(
        serverSession({ authJson: { accessToken: user.accessToken, refreshToken: user.refreshToken } })
      ).pipe(withClockAhead(ONE_HOUR_MS))
      const madeUp = yield* Effect.flip(
        serverSession({ authJson: { accessToken: null, refreshToken: "no-such-refresh-token" } })
      )
      for (const refused of [ended, madeUp]) {
        assert.strictEqual(refused._tag, "InvalidSession")
        if (refused._tag === "InvalidSession") assert.strictEqual(refused.reason, "refresh-token-rejected")
      }
    })
  )

  it.live("a sound token of a deleted user, when the user is asked for: InvalidSession user-not-found", () =>
    Effect.gen(function* () {
      const user = yield* signUp
      yield* Effect.flatMap(ServerUsers, (users) => users.delete(user.userId)).pipe(
        Effect.provide(appServer(backend, backend.internal()))
      )
      const authJson = { accessToken: user.accessToken, refreshToken: user.refreshToken }
      // The token alone still verifies (it is signed and unexpired); the user lookup is what knows.
      assert.strictEqual((yield* serverSession({ authJson })).userId, user.userId)
      const refused = yield* Effect.flip(serverUser({ authJson }))
      assert.strictEqual(refused._tag, "InvalidSession")
      if (refused._tag === "InvalidSession") assert.strictEqual(refused.reason, "user-not-found")
    })
  )
})
