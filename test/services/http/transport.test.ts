import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { vi } from "vitest"
import { UserNotFound } from "../../../src/errors/index.js"
import { type ClientConfigInput, makeClientConfig, packageVersion } from "../../../src/services/wire/client-config.js"
import { DEFAULT_BASE_URL } from "../../../src/domain/api.js"
import { probeTimeoutMs, probeUrls } from "../../../src/services/wire/diagnostics.js"
import { documented, Transport, formBody, jsonBody } from "../../../src/services/http/transport.js"
import { rateLimitMaxRetries } from "../../../src/services/wire/retry.js"
import { type StoredTokens, TokenStore } from "../../../src/services/session/token-store.js"
import { Fetch, allowingAnonymousUsers, allowingRestrictedUsers } from "../../../src/services/wire/transport-request.js"
import { drive, type VirtualNow } from "../support/drive.js"
import {
  type Handler,
  json,
  knownErrorReply,
  type LocalServer,
  localServer,
  unsignedJwt
} from "../support/local-server.js"
import { testClientConfig } from "../support/client-pipeline.js"

// TestClock starts at 0, so exp is seconds after the start of each test.
const validToken = unsignedJwt({ sub: "user-1", exp: 3600 })
const signedIn: StoredTokens = { accessToken: validToken, refreshToken: "refresh-1" }

const layerFor = (baseUrl: string, config: Partial<ClientConfigInput> = {}, tokens: StoredTokens = signedIn) =>
  Transport.layerWithSession.pipe(
    Layer.provide(Layer.merge(testClientConfig(baseUrl, config), TokenStore.memory(tokens)))
  )

/** Starts a local server and runs `use` with a Transport aimed at it. */
const withServer = <A, E>(
  handler: Handler,
  use: (server: LocalServer) => Effect.Effect<A, E, Transport>,
  config: Partial<ClientConfigInput> | ((baseUrl: string) => Partial<ClientConfigInput>) = {},
  tokens?: StoredTokens
) =>
  Effect.scoped(
    Effect.gen(function* () {
      const server = yield* localServer(handler)
      const overrides = typeof config === "function" ? config(server.baseUrl) : config
      return yield* use(server).pipe(Effect.provide(layerFor(server.baseUrl, overrides, tokens)))
    })
  )

const get = (path: string) => Effect.flatMap(Transport, (t) => t.request({ method: "GET", path }))

describe("Transport headers and URL", () => {
  it.effect("sends every docs/wire.md header, a fresh nonce per request, and no credentials or trace headers", () =>
    withServer(
      () => json({ ok: true }),
      (server) =>
        Effect.gen(function* () {
          const transport = yield* Transport
          yield* transport.request({ method: "GET", path: "/users/me/", query: { a: 1, b: undefined, c: null } })
          yield* transport.request({ method: "GET", path: "users/me" })
          const [first, second] = server.requests
          assert.strictEqual(first?.url, "/api/v1/users/me?a=1")
          assert.strictEqual(second?.url, "/api/v1/users/me")
          const h = first!.headers
          assert.strictEqual(h["x-hexclave-override-error-status"], "true")
          assert.strictEqual(h["x-hexclave-project-id"], "proj")
          assert.strictEqual(h["x-hexclave-access-type"], "client")
          assert.strictEqual(h["x-hexclave-client-version"], `js stackfx@${packageVersion}`)
          assert.match(String(h["x-hexclave-client-version"]), /^(\w+)\s+(@?[\w/-]+)@([\d.]+)/)
          assert.strictEqual(h["x-hexclave-publishable-client-key"], "pck")
          assert.strictEqual(h["x-hexclave-access-token"], validToken)
          assert.strictEqual(h["x-hexclave-refresh-token"], "refresh-1")
          for (const absent of [
            "x-hexclave-secret-server-key",
            "x-hexclave-super-secret-admin-key",
            "x-hexclave-admin-access-token",
            "x-stack-auth",
            "x-hexclave-allow-anonymous-user",
            // The old names are not sent beside the new ones.
            "x-stack-project-id",
            "x-stack-publishable-client-key",
            "x-stack-access-token",
            "traceparent",
            "b3",
            "cookie"
          ]) {
            assert.isUndefined(h[absent], absent)
          }
          assert.match(String(h["x-hexclave-random-nonce"]), /^[0-9a-f]{32}$/)
          assert.notStrictEqual(h["x-hexclave-random-nonce"], second!.headers["x-hexclave-random-nonce"])
        })
    )
  )

  it.effect("sends the server and admin keys, the admin access token and the anonymous flag when configured", () =>
    withServer(
      () => json({}),
      (server) =>
        Effect.gen(function* () {
          yield* get("/internal/metrics")
          const h = server.requests[0]!.headers
          assert.strictEqual(h["x-hexclave-access-type"], "admin")
          assert.strictEqual(h["x-hexclave-secret-server-key"], "ssk")
          assert.strictEqual(h["x-hexclave-super-secret-admin-key"], "ssak")
          assert.strictEqual(h["x-hexclave-admin-access-token"], "aat")
          assert.strictEqual(h["x-hexclave-allow-anonymous-user"], "true")
        }),
      {
        accessType: "admin",
        secretServerKey: "ssk",
        superSecretAdminKey: "ssak",
        adminAccessToken: "aat",
        allowAnonymousUser: true
      }
    )
  )

  it.effect(
    "accepts restricted users when the tier or the call asks: the restricted header, or in the client tier the anonymous one",
    () =>
      Effect.gen(function* () {
        const allowHeaders = (
          config: Partial<ClientConfigInput>,
          call: (e: Effect.Effect<unknown, unknown, Transport>) => Effect.Effect<unknown, unknown, Transport>
        ) =>
          withServer(
            () => json({}),
            (server) =>
              Effect.map(Effect.ignore(call(get("/users/me"))), () => {
                const h = server.requests[0]!.headers
                return [h["x-hexclave-allow-anonymous-user"], h["x-hexclave-allow-restricted-user"]]
              }),
            config
          )
        const server = { accessType: "server" as const, secretServerKey: "ssk" }
        const none = <A, E, R>(e: Effect.Effect<A, E, R>) => e
        assert.deepStrictEqual(yield* allowHeaders(server, none), [undefined, undefined])
        assert.deepStrictEqual(yield* allowHeaders({ ...server, allowRestrictedUser: true }, none), [undefined, "true"])
        assert.deepStrictEqual(yield* allowHeaders(server, allowingRestrictedUsers), [undefined, "true"])
        assert.deepStrictEqual(yield* allowHeaders(server, allowingAnonymousUsers), ["true", undefined])
        assert.deepStrictEqual(yield* allowHeaders({ ...server, allowAnonymousUser: true }, allowingRestrictedUsers), [
          "true",
          undefined
        ])
        // The hosted CORS allow-list has only the anonymous header, so a client (a browser) sends that one.
        assert.deepStrictEqual(yield* allowHeaders({ allowRestrictedUser: true }, none), ["true", undefined])
        assert.deepStrictEqual(yield* allowHeaders({}, allowingRestrictedUsers), ["true", undefined])
        assert.deepStrictEqual(yield* allowHeaders({}, none), [undefined, undefined])
      })
  )

  it.effect("JSON and form bodies, the x-stack-auth header, extra headers, and calls without the session", () =>
    withServer(
      () => json({}),
      (server) =>
        Effect.gen(function* () {
          const transport = yield* Transport
          yield* transport.request({ method: "PATCH", path: "/users/me", body: jsonBody({ display_name: "Ann" }) })
          yield* transport.request({
            method: "POST",
            path: "/x",
            body: formBody({ a: "1 2", b: "&" }),
            authJsonHeader: true
          })
          yield* transport.request({ method: "POST", path: "/y", withSession: false, headers: { "x-extra": "1" } })
          const [patch, form, bare] = server.requests
          assert.strictEqual(patch?.method, "PATCH")
          assert.strictEqual(patch?.headers["content-type"], "application/json")
          assert.deepStrictEqual(JSON.parse(patch!.body), { display_name: "Ann" })
          assert.strictEqual(form?.headers["content-type"], "application/x-www-form-urlencoded")
          assert.strictEqual(form?.body, "a=1+2&b=%26")
          assert.deepStrictEqual(JSON.parse(String(form?.headers["x-stack-auth"])), {
            accessToken: validToken,
            refreshToken: "refresh-1"
          })
          assert.isUndefined(bare?.headers["x-hexclave-access-token"])
          assert.isUndefined(bare?.headers["x-hexclave-refresh-token"])
          assert.strictEqual(bare?.headers["x-hexclave-project-id"], "proj")
          assert.strictEqual(bare?.headers["x-extra"], "1")
        })
    )
  )

  it.effect("a base URL with a trailing slash is normalised", () =>
    withServer(
      () => json({}),
      (server) =>
        Effect.gen(function* () {
          yield* get("/projects/current")
          assert.strictEqual(server.requests[0]?.url, "/api/v1/projects/current")
        }),
      (baseUrl) => ({ baseUrl: `${baseUrl}/` })
    )
  )

  it.effect("fetch runs with credentials omitted and caching off", () => {
    const inits: Array<RequestInit> = []
    const recording = Layer.succeed(Fetch, (url: string, init: RequestInit) => {
      inits.push(init)
      return globalThis.fetch(url, init)
    })
    return withServer(
      () => json({}),
      () =>
        Effect.gen(function* () {
          yield* get("/users/me")
          assert.strictEqual(inits.length, 1)
          assert.strictEqual(inits[0]?.credentials, "omit")
          assert.strictEqual(inits[0]?.cache, "no-store")
        })
    ).pipe(Effect.provide(recording))
  })
})

describe("Transport answers", () => {
  it.effect("a 2xx body is JSON, decodable with a Schema; an empty body is null", () =>
    withServer(
      (r) => (r.url.endsWith("/empty") ? { status: 204 } : json({ id: "u1", n: 3 })),
      () =>
        Effect.gen(function* () {
          const transport = yield* Transport
          const value = yield* transport.requestJson(
            { method: "GET", path: "/users/me" },
            Schema.Struct({ id: Schema.String })
          )
          assert.deepStrictEqual(value, { id: "u1" })
          assert.isNull(yield* get("/empty"))
          const bad = yield* Effect.flip(
            transport.requestJson({ method: "GET", path: "/users/me" }, Schema.Struct({ id: Schema.Number }))
          )
          assert.strictEqual(bad._tag, "ResponseDecodeError")
        })
    )
  )

  it.effect("a 2xx body that is not JSON is a ResponseDecodeError", () =>
    withServer(
      () => ({ status: 200, body: "<html>" }),
      () =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(get("/users/me"))
          assert.strictEqual(error._tag, "ResponseDecodeError")
        })
    )
  )

  it.effect("restores the overridden status: a plain-text 4xx becomes HttpError with the real status and body", () =>
    withServer(
      () => ({ status: 200, headers: { "x-stack-actual-status": "404" }, body: "no such route" }),
      () =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(get("/nope"))
          assert.strictEqual(error._tag, "HttpError")
          if (error._tag === "HttpError") {
            assert.strictEqual(error.status, 404)
            assert.strictEqual(error.body, "no such route")
          }
        })
    )
  )

  it.effect("a 500 is an HttpError and is not retried", () =>
    withServer(
      () => ({ status: 500, body: "boom" }),
      (server) =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(get("/users/me"))
          assert.deepInclude(error, { _tag: "HttpError", status: 500, body: "boom" })
          assert.strictEqual(server.requests.length, 1)
        })
    )
  )

  it.effect("a known error fails with its typed class", () =>
    withServer(
      () => knownErrorReply("USER_NOT_FOUND", 404, { message: "User not found." }),
      () =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(get("/users/u2"))
          assert.instanceOf(error, UserNotFound)
          assert.strictEqual(error._tag, "UserNotFound")
          if (error._tag === "UserNotFound") assert.strictEqual(error.status, 404)
        })
    )
  )

  it.effect("a known-error header that the body contradicts is refused as KnownErrorMismatch", () =>
    withServer(
      () => knownErrorReply("USER_NOT_FOUND", 404, { bodyCode: "TEAM_NOT_FOUND" }),
      () =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(get("/users/u2"))
          assert.strictEqual(error._tag, "KnownErrorMismatch")
        })
    )
  )
  it.effect(
    "a code the catalogue lacks reaches the caller of a documented call with its own status, code and details",
    () =>
      withServer(
        () => knownErrorReply("BRAND_NEW_REFUSAL", 409, { details: { reason: "x" }, message: "Refused." }),
        () =>
          Effect.gen(function* () {
            const error = yield* Effect.flip(get("/users/u2").pipe(documented("UserNotFound")))
            assert.strictEqual(error._tag, "UnexpectedKnownError")
            if (error._tag !== "UnexpectedKnownError") return
            assert.deepStrictEqual(
              { code: error.code, status: error.status, details: error.details, message: error.message },
              { code: "BRAND_NEW_REFUSAL", status: 409, details: { reason: "x" }, message: "Refused." }
            )
          })
      )
  )
})

describe("Transport retries against a real server", () => {
  it.effect("429 with Retry-After waits that many seconds (virtual time)", () => {
    const virtual: VirtualNow = { now: 0 }
    const seen: Array<number> = []
    return withServer(
      (_, i) => {
        seen.push(virtual.now)
        return i === 0 ? { status: 429, headers: { "retry-after": "2" }, body: "slow down" } : json({ ok: true })
      },
      () =>
        Effect.gen(function* () {
          const exit = yield* drive(get("/users/me"), virtual)
          assert.deepStrictEqual(exit, Exit.succeed({ ok: true }))
          // The clock moves only when the client sleeps, so the arrivals' virtual times are exact.
          assert.deepStrictEqual(seen, [0, 2000])
        })
    )
  })

  it.effect("429 under the override header (200 + actual status) is retried too", () =>
    withServer(
      (_, i) => (i === 0 ? { status: 200, headers: { "x-stack-actual-status": "429" }, body: "" } : json({ ok: 1 })),
      (server) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(yield* get("/users/me"), { ok: 1 })
          assert.strictEqual(server.requests.length, 2)
        })
    )
  )

  it.effect("429 without Retry-After retries at once, up to the bound, then fails with HttpError(429)", () =>
    withServer(
      () => ({ status: 429, body: "limit" }),
      (server) =>
        Effect.gen(function* () {
          // The clock never moves: each retry must happen without waiting.
          const error = yield* Effect.flip(get("/give-up"))
          assert.deepInclude(error, { _tag: "HttpError", status: 429, body: "limit" })
          assert.strictEqual(server.requests.length, rateLimitMaxRetries + 1)
        })
    )
  )

  it.effect("a long Retry-After (an hour) is waited out as the service asks (virtual time)", () => {
    const virtual: VirtualNow = { now: 0 }
    const seen: Array<number> = []
    return withServer(
      (_, i) => {
        seen.push(virtual.now)
        return i === 0
          ? { status: 429, headers: { "retry-after": "3600" }, body: "come back later" }
          : json({ ok: true })
      },
      () =>
        Effect.gen(function* () {
          assert.deepStrictEqual(yield* drive(get("/users/me"), virtual), Exit.succeed({ ok: true }))
          assert.deepStrictEqual(seen, [0, 3_600_000])
        })
    )
  })

  it.effect("508 INFINITE_LOOP_DETECTED is retried; other 508s are not", () => {
    const virtual: VirtualNow = { now: 0 }
    return withServer(
      (r, i) => {
        if (r.url.includes("other")) return { status: 508, body: "LOOP" }
        return i === 0 ? { status: 508, body: "INFINITE_LOOP_DETECTED" } : json({ ok: true })
      },
      (server) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(yield* drive(get("/users/me"), virtual), Exit.succeed({ ok: true }))
          assert.strictEqual(server.requests.length, 2)
          const error = yield* Effect.flip(get("/other"))
          assert.deepInclude(error, { _tag: "HttpError", status: 508 })
          assert.strictEqual(server.requests.length, 3)
        })
    )
  })

  it.effect(
    "a dropped connection is retried for GET: five attempts at most, with backoff, then NetworkError with diagnostics",
    () => {
      const virtual: VirtualNow = { now: 0 }
      const seen: Array<number> = []
      return withServer(
        (r) => {
          if (r.url === "/health") return { status: 200, body: "ok" }
          seen.push(virtual.now)
          return "destroy"
        },
        (server) =>
          Effect.gen(function* () {
            // The health probe's timeout races a real request: it is left to end on its own.
            const call = get("/users/me")
            const exit = yield* drive(call, virtual, (ms) => ms !== probeTimeoutMs)
            assert.isTrue(Exit.isFailure(exit))
            const error = yield* Effect.flip(Effect.suspend(() => exit))
            assert.strictEqual(error._tag, "NetworkError")
            if (error._tag !== "NetworkError") return
            assert.strictEqual(error.attempts, 5)
            assert.strictEqual(seen.length, 5)
            assert.deepStrictEqual(
              seen.slice(1).map((t, i) => t - seen[i]!),
              [1000, 2000, 4000, 8000]
            )
            // Only the API's own health endpoint: the base URL is not the hosted one.
            assert.deepStrictEqual(error.diagnostics?.checks, [
              { url: `${server.baseUrl}/health`, ok: true, status: 200 }
            ])
            assert.isFalse(error.diagnostics?.offline)
            assert.strictEqual(server.requests.filter((r) => r.url === "/health").length, 1)
            // Each run of the same call has its own retries.
            const again = yield* Effect.flip(
              Effect.suspend(() => drive(call, virtual, (ms) => ms !== probeTimeoutMs)).pipe(Effect.flatten)
            )
            assert.strictEqual(again._tag === "NetworkError" ? again.attempts : 0, 5)
            assert.strictEqual(seen.length, 10)
          })
      )
    }
  )

  it.effect("a dropped connection is not retried for POST", () =>
    withServer(
      (r) => (r.url === "/health" ? { status: 503, body: "" } : "destroy"),
      (server) =>
        Effect.gen(function* () {
          const transport = yield* Transport
          const error = yield* Effect.flip(transport.request({ method: "POST", path: "/users", body: jsonBody({}) }))
          assert.strictEqual(error._tag, "NetworkError")
          if (error._tag === "NetworkError") {
            assert.strictEqual(error.attempts, 1)
            assert.deepStrictEqual(
              error.diagnostics?.checks.map((c) => [c.ok, c.status]),
              [[false, 503]]
            )
          }
          assert.strictEqual(server.requests.filter((r) => r.url !== "/health").length, 1)
        })
    )
  )
})

describe("Transport and the session", () => {
  it.effect("an invalid access token: marked expired, refreshed once, request retried once with the new token", () => {
    const newToken = unsignedJwt({ sub: "user-1", exp: 7200 })
    return withServer(
      (r) => {
        if (r.url === "/api/v1/auth/oauth/token") {
          return json({
            access_token: newToken,
            token_type: "Bearer",
            expires_in: 600,
            refresh_token: "refresh-1",
            scope: ""
          })
        }
        return r.headers["x-hexclave-access-token"] === newToken
          ? json({ id: "user-1" })
          : knownErrorReply("ACCESS_TOKEN_EXPIRED", 401, { details: { expired_at_millis: 0 } })
      },
      (server) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(yield* get("/users/me"), { id: "user-1" })
          assert.deepStrictEqual(
            server.requests.map((r) => r.url),
            ["/api/v1/users/me", "/api/v1/auth/oauth/token", "/api/v1/users/me"]
          )
        })
    )
  })

  it.effect("retries at most once: a second invalid-token answer is the caller's error", () =>
    withServer(
      (r) =>
        r.url === "/api/v1/auth/oauth/token"
          ? json({ access_token: unsignedJwt({ exp: 7200 }) })
          : knownErrorReply("UNPARSABLE_ACCESS_TOKEN", 401),
      (server) =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(get("/users/me"))
          assert.strictEqual(error._tag, "UnparsableAccessToken")
          assert.strictEqual(server.requests.length, 3)
        })
    )
  )

  it.effect("an expired access token is refreshed before the request is sent", () => {
    const fresh = unsignedJwt({ exp: 7200 })
    return withServer(
      (r) =>
        r.url === "/api/v1/auth/oauth/token"
          ? json({ access_token: fresh })
          : json({ token: r.headers["x-hexclave-access-token"] }),
      (server) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(yield* get("/users/me"), { token: fresh })
          assert.strictEqual(server.requests.length, 2)
        }),
      {},
      { accessToken: unsignedJwt({ exp: 10 }), refreshToken: "r" }
    )
  })
})

describe("network diagnostics", () => {
  const failingFetch = (urls: Array<string>) =>
    Layer.succeed(Fetch, (url: string) => {
      urls.push(url)
      return Promise.reject(new TypeError("fetch failed"))
    })
  const hosted = (thirdPartyDiagnostics: boolean, urls: Array<string>) =>
    Effect.gen(function* () {
      const transport = yield* Transport
      return yield* Effect.flip(transport.request({ method: "POST", path: "/users", withSession: false }))
    }).pipe(
      Effect.provide(layerFor("https://api.stack-auth.com", { thirdPartyDiagnostics })),
      Effect.provide(failingFetch(urls))
    )

  it.effect("against the hosted API, probes the trace endpoint and hosted health unless switched off", () =>
    Effect.gen(function* () {
      const on: Array<string> = []
      const error = yield* hosted(true, on)
      assert.deepStrictEqual(on.slice(1).sort(), [
        "https://1.1.1.1/cdn-cgi/trace",
        "https://api.stack-auth.com/health",
        "https://app.stack-auth.com/health"
      ])
      assert.strictEqual(error._tag, "NetworkError")
      if (error._tag === "NetworkError") assert.strictEqual(error.diagnostics?.checks.length, 3)
      const off: Array<string> = []
      yield* hosted(false, off)
      assert.deepStrictEqual(off.slice(1), ["https://api.stack-auth.com/health"])
    })
  )

  it("probes what applies: a local backend its own health; another base URL the trace endpoint and the hosted app and backend too", () => {
    const config = (baseUrl: string, thirdPartyDiagnostics = true) =>
      makeClientConfig({ projectId: "p", accessType: "client", baseUrl, thirdPartyDiagnostics })
    for (const local of [
      "http://localhost:8102/",
      "http://127.0.0.1:8102",
      "http://app.localhost:8102",
      "http://[::1]:8102"
    ]) {
      assert.deepStrictEqual(probeUrls(config(local)), [`${local.replace(/\/$/, "")}/health`], local)
    }
    // The hosted app and backend are the default host's (the dashboard is the API host's app. twin).
    const hostedApp = `${DEFAULT_BASE_URL.replace("://api.", "://app.")}/health`
    assert.deepStrictEqual(probeUrls(config("https://auth.example.com/stack")), [
      "https://auth.example.com/stack/health",
      "https://1.1.1.1/cdn-cgi/trace",
      hostedApp,
      `${DEFAULT_BASE_URL}/health`
    ])
    assert.deepStrictEqual(probeUrls(config("https://auth.example.com", false)), ["https://auth.example.com/health"])
    assert.deepStrictEqual(probeUrls(config("https://api.stack-auth.com")), [
      "https://api.stack-auth.com/health",
      "https://1.1.1.1/cdn-cgi/trace",
      "https://app.stack-auth.com/health"
    ])
    assert.deepStrictEqual(probeUrls(config("https://api.stack-auth.com", false)), [
      "https://api.stack-auth.com/health"
    ])
    // The service's canonical host since its rename, and the default: its own dashboard is probed.
    assert.deepStrictEqual(probeUrls(makeClientConfig({ projectId: "p", accessType: "client" })), [
      "https://api.hexclave.com/health",
      "https://1.1.1.1/cdn-cgi/trace",
      "https://app.hexclave.com/health"
    ])
  })

  it.effect("with a custom base URL, reports which probes answered", () =>
    Effect.gen(function* () {
      const urls: Array<string> = []
      // The API and the trace endpoint are unreachable; the hosted app and backend answer.
      const hostedApp = `${DEFAULT_BASE_URL.replace("://api.", "://app.")}/health`
      const hostedApi = `${DEFAULT_BASE_URL}/health`
      const fetch = Layer.succeed(Fetch, (url: string) => {
        urls.push(url)
        return url === hostedApp || url === hostedApi
          ? Promise.resolve(new Response("ok", { status: url === hostedApp ? 503 : 200 }))
          : Promise.reject(new TypeError("fetch failed"))
      })
      const error = yield* Effect.gen(function* () {
        const transport = yield* Transport
        return yield* Effect.flip(transport.request({ method: "POST", path: "/users", withSession: false }))
      }).pipe(Effect.provide(layerFor("https://auth.example.com")), Effect.provide(fetch))
      assert.deepStrictEqual(
        urls.slice(1).sort(),
        ["https://1.1.1.1/cdn-cgi/trace", hostedApi, hostedApp, "https://auth.example.com/health"].sort()
      )
      assert.strictEqual(error._tag, "NetworkError")
      if (error._tag !== "NetworkError") return
      assert.deepStrictEqual(error.diagnostics?.checks, [
        { url: "https://auth.example.com/health", ok: false },
        { url: "https://1.1.1.1/cdn-cgi/trace", ok: false },
        { url: hostedApp, ok: false, status: 503 },
        { url: hostedApi, ok: true, status: 200 }
      ])
      assert.include(
        error.message,
        `Answered: ${hostedApp}, ${hostedApi}; no answer from https://auth.example.com/health, https://1.1.1.1/cdn-cgi/trace.`
      )
    })
  )

  it.effect("offline (navigator.onLine false) is reported without probing", () =>
    Effect.gen(function* () {
      vi.stubGlobal("navigator", { onLine: false })
      const urls: Array<string> = []
      const error = yield* hosted(true, urls).pipe(Effect.ensuring(Effect.sync(() => vi.unstubAllGlobals())))
      assert.strictEqual(urls.length, 1)
      assert.strictEqual(error._tag, "NetworkError")
      if (error._tag === "NetworkError") {
        assert.isTrue(error.diagnostics?.offline)
        assert.match(error.message, /offline/)
      }
    })
  )
})

describe("Transport.requestJsonIfSignedIn", () => {
  const User = Schema.Struct({ id: Schema.String })
  const me = { method: "GET", path: "/users/me" } as const
  const ifSignedIn = Effect.flatMap(Transport, (t) => t.requestJsonIfSignedIn(me, User))

  it.effect("without a session: null, and nothing is sent", () =>
    withServer(
      () => json({ id: "user-1" }),
      (server) =>
        Effect.gen(function* () {
          assert.isNull(yield* ifSignedIn)
          assert.strictEqual(server.requests.length, 0)
        }),
      {},
      { accessToken: null, refreshToken: null }
    )
  )

  it.effect("signed in: one request with the session's tokens, the answer decoded", () =>
    withServer(
      () => json({ id: "user-1", extra: true }),
      (server) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(yield* ifSignedIn, { id: "user-1" })
          assert.strictEqual(server.requests.length, 1)
          assert.strictEqual(server.requests[0]?.headers["x-hexclave-access-token"], validToken)
          assert.strictEqual(server.requests[0]?.headers["x-hexclave-refresh-token"], "refresh-1")
        })
    )
  )

  it.effect("reads the token store once per call", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const server = yield* localServer(() => json({ id: "user-1" }))
        let reads = 0
        const countingStore = Layer.succeed(TokenStore, {
          get: Effect.sync(() => {
            reads++
            return signedIn
          }),
          set: () => Effect.void
        })
        const layer = Transport.layerWithSession.pipe(
          Layer.provide(Layer.merge(testClientConfig(server.baseUrl), countingStore))
        )
        yield* Effect.gen(function* () {
          const before = reads
          assert.deepStrictEqual(yield* ifSignedIn, { id: "user-1" })
          assert.strictEqual(reads - before, 1)
        }).pipe(Effect.provide(layer))
      })
    )
  )

  it.effect("a store that reads at once is read once per call, in the request's own step", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const server = yield* localServer(() => json({ id: "user-1" }))
        let peeks = 0
        let gets = 0
        const peekingStore = Layer.succeed(TokenStore, {
          get: Effect.sync(() => {
            gets++
            return signedIn
          }),
          set: () => Effect.void,
          peek: () => {
            peeks++
            return signedIn
          }
        })
        const layer = Transport.layerWithSession.pipe(
          Layer.provide(Layer.merge(testClientConfig(server.baseUrl), peekingStore))
        )
        yield* Effect.gen(function* () {
          const before = { peeks, gets }
          assert.deepStrictEqual(yield* ifSignedIn, { id: "user-1" })
          assert.deepStrictEqual(yield* get("/anything"), { id: "user-1" })
          assert.deepStrictEqual({ peeks: peeks - before.peeks, gets: gets - before.gets }, { peeks: 2, gets: 0 })
        }).pipe(Effect.provide(layer))
      })
    )
  )

  it.effect("a rejected refresh token ends the session: null, and only the refresh was sent", () =>
    withServer(
      (r) =>
        r.url === "/api/v1/auth/oauth/token"
          ? knownErrorReply("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401)
          : json({ id: "user-1" }),
      (server) =>
        Effect.gen(function* () {
          assert.isNull(yield* ifSignedIn)
          assert.deepStrictEqual(
            server.requests.map((r) => r.url),
            ["/api/v1/auth/oauth/token"]
          )
          assert.isNull(yield* ifSignedIn)
          assert.strictEqual(server.requests.length, 1)
        }),
      {},
      { accessToken: unsignedJwt({ exp: 10 }), refreshToken: "r" }
    )
  )

  it.effect("an access token the server refuses is refreshed once and the request sent once more", () => {
    const newToken = unsignedJwt({ sub: "user-1", exp: 7200 })
    return withServer(
      (r) => {
        if (r.url === "/api/v1/auth/oauth/token") return json({ access_token: newToken, refresh_token: "refresh-1" })
        return r.headers["x-hexclave-access-token"] === newToken
          ? json({ id: "user-1" })
          : knownErrorReply("ACCESS_TOKEN_EXPIRED", 401, { details: { expired_at_millis: 0 } })
      },
      (server) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(yield* ifSignedIn, { id: "user-1" })
          assert.deepStrictEqual(
            server.requests.map((r) => r.url),
            ["/api/v1/users/me", "/api/v1/auth/oauth/token", "/api/v1/users/me"]
          )
        })
    )
  })

  it.effect("an answer of the wrong shape is a ResponseDecodeError; known errors stay typed", () =>
    Effect.gen(function* () {
      const wrong = yield* withServer(
        () => json({ id: 7 }),
        () => Effect.flip(ifSignedIn)
      )
      assert.strictEqual(wrong._tag, "ResponseDecodeError")
      const known = yield* withServer(
        () => knownErrorReply("USER_NOT_FOUND", 404),
        () => Effect.flip(ifSignedIn)
      )
      assert.instanceOf(known, UserNotFound)
    })
  )
})
