import { assert, describe, it } from "@effect/vitest"
import { parseSetCookie } from "cookie"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import { createHash } from "node:crypto"
import type { ClientConfigInput } from "../../../src/services/wire/client-config.js"
import { OAuth } from "../../../src/services/generated/oauth.js"
import type { OAuthLayerOptions } from "../../../src/services/oauth/oauth.js"
import { RandomBytes } from "../../../src/services/oauth/oauth-pkce.js"
import { afterAuthRedirectUrl, resolveRedirectUrls, withReturnTo } from "../../../src/services/navigation/redirects.js"
import { Session } from "../../../src/services/session/session.js"
import { type StoredTokens, TokenStore } from "../../../src/services/session/token-store.js"
import { Transport } from "../../../src/services/http/transport.js"
import {
  type Handler,
  json,
  knownErrorReply,
  type LocalServer,
  localServer,
  unsignedJwt
} from "../support/local-server.js"
import { testClientConfig } from "../support/client-pipeline.js"

/** A browser cookie jar behind `document.cookie`: reads give `a=1; b=2`, writes take one Set-Cookie string. */
class FakeDocument {
  readonly jar = new Map<string, string>()
  readonly writes: Array<string> = []
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ")
  }
  set cookie(setCookie: string) {
    this.writes.push(setCookie)
    const parsed = parseSetCookie(setCookie)
    if (parsed.maxAge === 0 || parsed.value === undefined || parsed.value === "") this.jar.delete(parsed.name)
    else this.jar.set(parsed.name, parsed.value)
  }
}

const APP = "http://localhost:3000"
const CALLBACK = `${APP}/handler/oauth-callback`
const ERROR_PAGE = `${APP}/handler/error`
const accessToken = unsignedJwt({ sub: "user-1", exp: 4_000_000_000 })

const tokenAnswer = (overrides: Record<string, unknown> = {}) =>
  json({
    access_token: "new-access",
    refresh_token: "new-refresh",
    token_type: "Bearer",
    expires_in: 600,
    scope: "legacy",
    is_new_user: true,
    after_callback_redirect_url: null,
    ...overrides
  })

/** Counting bytes, so verifier and state are predictable and differ. */
const countingRandom = () => {
  let next = 0
  return (length: number) => Uint8Array.from({ length }, () => next++ % 256)
}

interface Env {
  readonly server: LocalServer
  readonly doc: FakeDocument
  readonly warnings: Array<string>
}

const withOAuth = <A, E>(
  handler: Handler,
  use: (env: Env) => Effect.Effect<A, E, OAuth | Session>,
  config: Partial<ClientConfigInput> = {},
  tokens?: StoredTokens,
  layerOptions: (doc: FakeDocument) => OAuthLayerOptions = (doc) => ({ document: doc, currentUrl: () => `${APP}/page` })
) =>
  Effect.scoped(
    Effect.gen(function* () {
      const server = yield* localServer(handler)
      const doc = new FakeDocument()
      const warnings: Array<string> = []
      const logger = Logger.make((options) => {
        if (options.logLevel === "Warn") warnings.push([options.message].flat().map(String).join(" "))
      })
      const core = Transport.layerWithSession.pipe(
        Layer.provideMerge(Layer.merge(testClientConfig(server.baseUrl, config), TokenStore.memory(tokens)))
      )
      const layer = OAuth.layerWith(layerOptions(doc)).pipe(
        Layer.provideMerge(core),
        Layer.merge(Logger.layer([logger]))
      )
      return yield* use({ server, doc, warnings }).pipe(
        Effect.provide(layer),
        Effect.provideService(RandomBytes, countingRandom())
      )
    })
  )

const sha256Url = (text: string) => createHash("sha256").update(text).digest("base64url")

/** Starts a sign-in and returns the authorize URL's parameters plus the callback URL the service would send. */
const startSignIn = (redirectUrl = CALLBACK) =>
  Effect.gen(function* () {
    const oauth = yield* OAuth
    const url = new URL(yield* oauth.signIn({ provider: "GitHub", redirectUrl, errorRedirectUrl: ERROR_PAGE }))
    const state = url.searchParams.get("state")!
    const redirectUri = url.searchParams.get("redirect_uri")!
    // Appended as text, as a server that keeps the redirect URL byte for byte does.
    const callbackUrl = `${redirectUri}${redirectUri.includes("?") ? "&" : "?"}code=the-code&state=${state}`
    return { url, state, redirectUri, callbackUrl }
  })

describe("OAuth start", () => {
  it.effect(
    "keeps the verifier in hexclave-oauth-outer-<state> and stack-oauth-outer-<state> for an hour and sends its S256 challenge",
    () =>
      withOAuth(
        () => json({}),
        ({ doc, server }) =>
          Effect.gen(function* () {
            const { url, state } = yield* startSignIn()
            assert.strictEqual(url.origin + url.pathname, `${server.baseUrl}/api/v1/auth/oauth/authorize/github`)
            assert.match(state, /^[A-Za-z0-9_-]{43}$/)
            const cookieName = `stack-oauth-outer-${state}`
            const verifier = doc.jar.get(cookieName)
            assert.isDefined(verifier)
            assert.match(verifier!, /^[A-Za-z0-9_-]{43}$/)
            assert.notStrictEqual(verifier, state)
            assert.strictEqual(url.searchParams.get("code_challenge"), sha256Url(verifier!))
            assert.strictEqual(url.searchParams.get("code_challenge_method"), "S256")
            assert.strictEqual(doc.jar.get(`hexclave-oauth-outer-${state}`), verifier)
            assert.deepStrictEqual(
              doc.writes.map((line) => parseSetCookie(line).name),
              [`hexclave-oauth-outer-${state}`, cookieName]
            )
            for (const line of doc.writes) {
              const written = parseSetCookie(line)
              assert.strictEqual(written.maxAge, 3600)
              assert.strictEqual(written.path, "/")
              assert.strictEqual(written.sameSite, "lax")
              assert.notInclude(line, "Secure")
            }
            assert.strictEqual(server.requests.length, 0)
          })
      )
  )

  it.effect("two sign-ins get different states and verifiers, each in its own cookie", () =>
    withOAuth(
      () => json({}),
      ({ doc }) =>
        Effect.gen(function* () {
          const a = yield* startSignIn()
          const b = yield* startSignIn()
          assert.notStrictEqual(a.state, b.state)
          assert.strictEqual(doc.jar.size, 4)
          assert.notStrictEqual(
            doc.jar.get(`stack-oauth-outer-${a.state}`),
            doc.jar.get(`stack-oauth-outer-${b.state}`)
          )
        })
    )
  )

  it.effect("on an https page the cookie is Secure", () =>
    withOAuth(
      () => json({}),
      ({ doc }) =>
        Effect.gen(function* () {
          yield* startSignIn("https://app.example.com/handler/oauth-callback")
          assert.include(doc.writes[0]!, "Secure")
        }),
      {},
      undefined,
      (doc) => ({ document: doc, currentUrl: () => "https://app.example.com/" })
    )
  )

  it.effect("relative redirect URLs resolve against the current page; without one the flow is unavailable", () =>
    Effect.gen(function* () {
      yield* withOAuth(
        () => json({}),
        () =>
          Effect.gen(function* () {
            const { url } = yield* startSignIn("/handler/oauth-callback?after_auth_return_to=%2Fx")
            assert.strictEqual(
              url.searchParams.get("redirect_uri"),
              `${APP}/handler/oauth-callback?after_auth_return_to=%2Fx`
            )
          })
      )
      yield* withOAuth(
        () => json({}),
        () =>
          Effect.gen(function* () {
            const error = yield* Effect.flip(startSignIn("/handler/oauth-callback"))
            assert.strictEqual(error._tag === "OAuthNotAvailable" ? error.reason : error._tag, "no-current-url")
          }),
        {},
        undefined,
        (doc) => ({ document: doc, currentUrl: () => undefined })
      )
    })
  )

  it.effect("without a document (server-side rendering) the flow is unavailable", () =>
    withOAuth(
      () => json({}),
      () =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(startSignIn())
          assert.strictEqual(error._tag === "OAuthNotAvailable" ? error.reason : error._tag, "no-document")
        }),
      {},
      undefined,
      () => ({ currentUrl: () => APP })
    )
  )

  it.effect("an admin session token refuses every step with a typed error", () =>
    withOAuth(
      () => json({}),
      ({ doc, server }) =>
        Effect.gen(function* () {
          const oauth = yield* OAuth
          const options = { provider: "github", redirectUrl: CALLBACK, errorRedirectUrl: ERROR_PAGE }
          const attempts: ReadonlyArray<Effect.Effect<unknown, { readonly _tag: string; readonly message: string }>> = [
            oauth.signIn(options),
            oauth.link(options),
            oauth.callback(`${CALLBACK}?code=c&state=${"s".repeat(43)}`)
          ]
          for (const attempt of attempts) {
            const error = yield* Effect.flip(attempt)
            assert.strictEqual(error._tag, "OAuthNotAvailable")
            assert.strictEqual(error.message, "OAuth is not supported with an admin session token.")
          }
          assert.strictEqual(doc.writes.length, 0)
          assert.strictEqual(server.requests.length, 0)
        }),
      { accessType: "admin", adminAccessToken: "admin-token", publishableClientKey: undefined }
    )
  )

  it.effect("link carries the current access token and the provider scope", () =>
    withOAuth(
      () => json({}),
      () =>
        Effect.gen(function* () {
          const oauth = yield* OAuth
          const url = new URL(
            yield* oauth.link({
              provider: "google",
              redirectUrl: CALLBACK,
              errorRedirectUrl: ERROR_PAGE,
              providerScope: "https://www.googleapis.com/auth/drive.readonly",
              afterCallbackRedirectUrl: "/settings"
            })
          )
          assert.strictEqual(url.searchParams.get("type"), "link")
          assert.strictEqual(url.searchParams.get("token"), accessToken)
          assert.strictEqual(url.searchParams.get("provider_scope"), "https://www.googleapis.com/auth/drive.readonly")
          assert.strictEqual(
            url.searchParams.get("after_callback_redirect_url"),
            "http://localhost:3000/settings",
            "a relative one is resolved against the page: the hosted service refuses it"
          )
        }),
      {},
      { accessToken, refreshToken: "refresh-1" }
    )
  )

  it.effect("link without a session is NoAccessToken", () =>
    withOAuth(
      () => json({}),
      ({ doc }) =>
        Effect.gen(function* () {
          const oauth = yield* OAuth
          const error = yield* Effect.flip(
            oauth.link({ provider: "google", redirectUrl: CALLBACK, errorRedirectUrl: ERROR_PAGE })
          )
          assert.strictEqual(error._tag, "NoAccessToken")
          assert.strictEqual(doc.writes.length, 0)
        })
    )
  )
})

describe("OAuth callback", () => {
  it.effect("redeems the code with the verifier, deletes the cookie and starts the session", () =>
    withOAuth(
      () => tokenAnswer({ after_callback_redirect_url: "/welcome" }),
      ({ doc, server }) =>
        Effect.gen(function* () {
          const { state, redirectUri, callbackUrl } = yield* startSignIn(`${CALLBACK}?after_auth_return_to=%2Fa%20b`)
          const verifier = doc.jar.get(`stack-oauth-outer-${state}`)!
          const result = yield* (yield* OAuth).callback(callbackUrl)
          assert.deepStrictEqual(Option.getOrThrow(result), { isNewUser: true, afterCallbackRedirectUrl: "/welcome" })

          const [request] = server.requests
          assert.strictEqual(request?.method, "POST")
          assert.strictEqual(request?.url, "/api/v1/auth/oauth/token")
          assert.strictEqual(request?.headers["content-type"], "application/x-www-form-urlencoded")
          assert.deepStrictEqual(Object.fromEntries(new URLSearchParams(request!.body)), {
            grant_type: "authorization_code",
            code: "the-code",
            code_verifier: verifier,
            redirect_uri: redirectUri,
            client_id: "proj",
            client_secret: "pck"
          })
          assert.deepStrictEqual(
            Object.keys(request!.headers).filter((h) => h.startsWith("x-stack-")),
            []
          )

          assert.isFalse(doc.jar.has(`stack-oauth-outer-${state}`))
          assert.strictEqual(parseSetCookie(doc.writes.at(-1)!).maxAge, 0)
          const session = yield* Session
          const now = yield* session.state
          assert.deepStrictEqual(now, {
            _tag: "Active",
            accessToken: "new-access",
            refreshToken: "new-refresh",
            accessTokenExpired: false
          })
        })
    )
  )

  it.effect("a second callback with the same answer is ignored: the cookie was consumed", () =>
    withOAuth(
      () => tokenAnswer({ is_new_user: false }),
      ({ server, warnings }) =>
        Effect.gen(function* () {
          const { callbackUrl } = yield* startSignIn()
          const oauth = yield* OAuth
          const [first, second] = yield* Effect.all([oauth.callback(callbackUrl), oauth.callback(callbackUrl)], {
            concurrency: "unbounded"
          })
          assert.strictEqual([first, second].filter(Option.isSome).length, 1)
          assert.strictEqual(server.requests.length, 1)
          assert.strictEqual(warnings.length, 1)
          assert.include(warnings[0]!, "no code verifier cookie")
        })
    )
  )

  it.effect("without code or without state the callback is ignored with a warning", () =>
    withOAuth(
      () => tokenAnswer(),
      ({ doc, server, warnings }) =>
        Effect.gen(function* () {
          const { state } = yield* startSignIn()
          const oauth = yield* OAuth
          assert.isTrue(Option.isNone(yield* oauth.callback(`${CALLBACK}?state=${state}`)))
          assert.isTrue(Option.isNone(yield* oauth.callback(`${CALLBACK}?code=abc`)))
          assert.isTrue(Option.isNone(yield* oauth.callback(CALLBACK)))
          assert.strictEqual(server.requests.length, 0)
          assert.strictEqual(warnings.length, 3)
          assert.include(warnings[0]!, "no code query parameter")
          assert.include(warnings[1]!, "no state query parameter")
          // The pending flow is untouched: its verifier is still there for the real answer.
          assert.isTrue(doc.jar.has(`stack-oauth-outer-${state}`))
        })
    )
  )

  it.effect("a state that is not ours (or not well formed) is ignored without touching cookies", () =>
    withOAuth(
      () => tokenAnswer(),
      ({ doc, server, warnings }) =>
        Effect.gen(function* () {
          yield* startSignIn()
          const writes = doc.writes.length
          const oauth = yield* OAuth
          for (const state of ["x".repeat(43), "a;b=c", encodeURIComponent("__proto__")]) {
            assert.isTrue(Option.isNone(yield* oauth.callback(`${CALLBACK}?code=c&state=${state}`)))
          }
          assert.strictEqual(doc.writes.length, writes)
          assert.strictEqual(server.requests.length, 0)
          assert.strictEqual(warnings.length, 3)
        })
    )
  )

  it.effect("an error parameter is a typed error and ends the attempt", () =>
    withOAuth(
      () => tokenAnswer(),
      ({ doc, server }) =>
        Effect.gen(function* () {
          const { state } = yield* startSignIn()
          const error = yield* Effect.flip(
            (yield* OAuth).callback(`${CALLBACK}?error=access_denied&error_description=User%20said%20no&state=${state}`)
          )
          assert.strictEqual(error._tag, "OAuthCallbackError")
          assert.strictEqual(error.message, "Error signing in during OAuth callback. Please try again.")
          assert.include(error._tag === "OAuthCallbackError" ? (error.reason ?? "") : "", "access_denied: User said no")
          assert.isFalse(doc.jar.has(`stack-oauth-outer-${state}`))
          assert.strictEqual(server.requests.length, 0)
        })
    )
  )

  it.effect("MFA required surfaces MultiFactorAuthenticationRequired with the attempt code; no session starts", () =>
    withOAuth(
      () => knownErrorReply("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400, { details: { attempt_code: "attempt-1" } }),
      () =>
        Effect.gen(function* () {
          const { callbackUrl } = yield* startSignIn()
          const error = yield* Effect.flip((yield* OAuth).callback(callbackUrl))
          assert.strictEqual(error._tag, "MultiFactorAuthenticationRequired")
          if (error._tag === "MultiFactorAuthenticationRequired")
            assert.strictEqual(error.details.attempt_code, "attempt-1")
          assert.strictEqual((yield* (yield* Session).state)._tag, "KnownInvalid")
        })
    )
  )

  it.effect(
    "documented known errors stay typed; others become UnexpectedKnownError; OAuth error answers are callback errors",
    () =>
      Effect.gen(function* () {
        const replies = [
          { reply: knownErrorReply("INVALID_AUTHORIZATION_CODE", 400), tag: "InvalidAuthorizationCode" },
          { reply: knownErrorReply("USER_NOT_FOUND", 404), tag: "UnexpectedKnownError" },
          { reply: json({ error: "invalid_grant", error_description: "expired" }, 400), tag: "OAuthCallbackError" },
          { reply: { status: 500, body: "boom" }, tag: "HttpError" }
        ]
        for (const { reply, tag } of replies) {
          yield* withOAuth(
            () => reply,
            () =>
              Effect.gen(function* () {
                const { callbackUrl } = yield* startSignIn()
                const error = yield* Effect.flip((yield* OAuth).callback(callbackUrl))
                assert.strictEqual(error._tag, tag)
              })
          )
        }
      })
  )

  it.effect("an answer naming another issuer is refused", () =>
    withOAuth(
      () => tokenAnswer(),
      ({ server }) =>
        Effect.gen(function* () {
          const { callbackUrl } = yield* startSignIn()
          const error = yield* Effect.flip(
            (yield* OAuth).callback(`${callbackUrl}&iss=${encodeURIComponent("https://evil.example.com")}`)
          )
          assert.strictEqual(error._tag, "OAuthCallbackError")
          assert.strictEqual(server.requests.length, 0)
        })
    )
  )

  it.effect("an answer naming our issuer is accepted", () =>
    withOAuth(
      () => tokenAnswer(),
      ({ server }) =>
        Effect.gen(function* () {
          const { callbackUrl } = yield* startSignIn()
          const result = yield* (yield* OAuth).callback(`${callbackUrl}&iss=${encodeURIComponent(server.baseUrl)}`)
          assert.isTrue(Option.isSome(result))
        })
    )
  )

  it.effect("an implicit or hybrid answer (id_token or token) is refused and ends the attempt", () =>
    Effect.gen(function* () {
      for (const extra of ["id_token=eyJ.x.y", "token=at-1", "id_token="]) {
        yield* withOAuth(
          () => tokenAnswer(),
          ({ doc, server }) =>
            Effect.gen(function* () {
              const { callbackUrl, state } = yield* startSignIn()
              const oauth = yield* OAuth
              const hybrid = yield* Effect.flip(oauth.callback(`${callbackUrl}&${extra}`))
              assert.strictEqual(hybrid._tag, "OAuthCallbackError", extra)
              assert.include(
                hybrid._tag === "OAuthCallbackError" ? (hybrid.reason ?? "") : "",
                "implicit and hybrid flows are unsupported"
              )
              assert.isFalse(doc.jar.has(`stack-oauth-outer-${state}`), "the attempt is over")
              // Without a code (the implicit flow) it is refused too, not ignored.
              const implicit = yield* Effect.flip(oauth.callback(`${CALLBACK}?state=${state}&${extra}`))
              assert.strictEqual(implicit._tag, "OAuthCallbackError")
              assert.strictEqual(server.requests.length, 0)
              assert.strictEqual((yield* (yield* Session).state)._tag, "KnownInvalid")
            })
        )
      }
    })
  )

  it.effect("a parameter given twice is refused: the second issuer or state must not hide behind the first", () =>
    withOAuth(
      () => tokenAnswer(),
      ({ server }) =>
        Effect.gen(function* () {
          const oauth = yield* OAuth
          for (const repeated of [
            `iss=${encodeURIComponent(server.baseUrl)}&iss=https%3A%2F%2Fevil.example.com`,
            "code=other",
            "state=other"
          ]) {
            const { callbackUrl } = yield* startSignIn()
            const error = yield* Effect.flip(oauth.callback(`${callbackUrl}&${repeated}`))
            assert.strictEqual(error._tag, "OAuthCallbackError", repeated)
            assert.include(error._tag === "OAuthCallbackError" ? (error.reason ?? "") : "", "more than once")
          }
          assert.strictEqual(server.requests.length, 0)
        })
    )
  )

  it.effect("an explicit redirect URL is what the token call sends", () =>
    withOAuth(
      () => tokenAnswer(),
      ({ server }) =>
        Effect.gen(function* () {
          const { callbackUrl, redirectUri } = yield* startSignIn()
          yield* (yield* OAuth).callback(`${callbackUrl}&extra=1`, { redirectUrl: "/handler/oauth-callback" })
          assert.strictEqual(new URLSearchParams(server.requests[0]!.body).get("redirect_uri"), redirectUri)
        })
    )
  )

  it.effect("after_auth_return_to rides the redirect URL through the provider and is honoured afterwards", () =>
    withOAuth(
      () => tokenAnswer({ is_new_user: false }),
      () =>
        Effect.gen(function* () {
          const urls = resolveRedirectUrls()
          const onSignIn = `${APP}/handler/sign-in?after_auth_return_to=%2Fdashboard%3Ftab%3D1`
          const { callbackUrl } = yield* startSignIn(withReturnTo(urls.oauthCallback, onSignIn, urls))
          const result = Option.getOrThrow(yield* (yield* OAuth).callback(callbackUrl))
          const target = afterAuthRedirectUrl(urls, result, { currentUrl: callbackUrl })
          assert.deepStrictEqual(
            target._tag === "Success" ? target.success : target.failure.message,
            "/dashboard?tab=1"
          )
        })
    )
  )
})
