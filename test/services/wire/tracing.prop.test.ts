/**
 * Whatever a caller passes and whatever the server answers, no password, e-mail address, code, token or
 * key reaches a span: not its name, attributes or events, nor the exit a tracer exports (its status and
 * `exception` event). The stub server echoes each request body back inside every kind of answer, so a
 * span that kept a message, a body excerpt or a URL with its query would show the secret.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import fc from "fast-check"
import { layerCore } from "../../../src/layers/core.js"
import { Auth } from "../../../src/services/generated/auth.js"
import { CurrentUser } from "../../../src/services/generated/current-user.js"
import { TokenStore } from "../../../src/services/session/token-store.js"
import { Fetch, type FetchFn } from "../../../src/services/wire/transport-request.js"
import { unsignedJwt } from "../support/local-server.js"
import { exported, recordingTracer } from "../support/recording-tracer.js"
import { wireUser } from "../support/wire-user.js"

type Mode = "ok" | "known-error" | "http-error" | "bad-body" | "network"

interface Case {
  readonly email: string
  readonly password: string
  readonly newPassword: string
  readonly code: string
  readonly refreshToken: string
  readonly issuedRefreshToken: string
  readonly publishableKey: string
  readonly mode: Mode
}

const secret = fc.string({ minLength: 12, maxLength: 32 })

const cases: fc.Arbitrary<Case> = fc.record({
  email: fc.emailAddress(),
  password: secret,
  newPassword: secret,
  code: secret,
  refreshToken: secret,
  issuedRefreshToken: secret,
  publishableKey: secret,
  mode: fc.constantFrom<Mode>("ok", "known-error", "http-error", "bad-body", "network")
})

const answer = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", ...headers } })

/** A server that answers in `c.mode`, quoting the request body in every answer. */
const echoingServer =
  (c: Case, issuedAccessToken: string): FetchFn =>
  async (url, init) => {
    const sent = typeof init.body === "string" ? init.body : ""
    switch (c.mode) {
      case "ok":
        if (url.endsWith("/users/me")) return answer(wireUser({ primary_email: c.email, display_name: sent }))
        if (url.includes("/auth/password/update") || url.includes("/auth/password/reset"))
          return answer({ success: true })
        return answer({
          access_token: issuedAccessToken,
          refresh_token: c.issuedRefreshToken,
          user_id: "user-1",
          is_new_user: true
        })
      case "known-error":
        return answer(
          {
            code: "USER_EMAIL_ALREADY_EXISTS",
            details: { email: sent, would_work_if_email_was_verified: false },
            error: sent
          },
          { "x-stack-actual-status": "409", "x-stack-known-error": "USER_EMAIL_ALREADY_EXISTS" }
        )
      case "http-error":
        return new Response(`rejected ${sent} ${url}`, { status: 500 })
      case "bad-body":
        return answer({ unexpected: sent, access_token: issuedAccessToken })
      case "network":
        throw new TypeError(`fetch failed: ${sent}`)
    }
  }

/** The forms a secret can take in an export: as written, and escaped inside a JSON string. */
const forms = (value: string): ReadonlyArray<string> => [value, JSON.stringify(value).slice(1, -1)]

describe("spans carry no secret", () => {
  it("sign-up, sign-in, MFA, magic link, OTP, password reset and update, user update", async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const { spans, tracer } = recordingTracer()
        const exp = Math.floor(Date.now() / 1000) + 3600
        const accessToken = unsignedJwt({ sub: "user-1", exp, email: c.email })
        const issuedAccessToken = unsignedJwt({ sub: "user-1", exp, email: c.email, n: 2 })
        const layer = Layer.mergeAll(CurrentUser.layer, Auth.layer).pipe(
          Layer.provideMerge(
            layerCore(
              {
                projectId: "proj",
                accessType: "client",
                publishableClientKey: c.publishableKey,
                baseUrl: "http://127.0.0.1:8102"
              },
              TokenStore.memory({ accessToken, refreshToken: c.refreshToken })
            )
          ),
          Layer.provideMerge(Layer.succeed(Fetch, echoingServer(c, issuedAccessToken)))
        )
        const calls = Effect.gen(function* () {
          const auth = yield* Auth
          const me = yield* CurrentUser
          const credentials = { email: c.email, password: c.password }
          yield* Effect.exit(auth.signUpWithCredential(credentials))
          yield* Effect.exit(auth.signInWithCredential(credentials))
          yield* Effect.exit(auth.signInWithMfa(c.code, "123456"))
          yield* Effect.exit(auth.signInWithMagicLink(c.code))
          yield* Effect.exit(auth.signInWithOtp(c.code, c.code))
          yield* Effect.exit(auth.resetPassword({ code: c.code, password: c.password }))
          yield* Effect.exit(auth.updatePassword({ oldPassword: c.password, newPassword: c.newPassword }))
          yield* Effect.exit(me.update({ displayName: c.password, primaryEmail: c.email }))
        })
        await Effect.runPromise(calls.pipe(Effect.provide(layer), Effect.withTracer(tracer)))
        // Eight operations, each with at least its own span: the property is not vacuous.
        assert.isAtLeast(spans.length, 8)
        const secrets = [
          c.email,
          c.password,
          c.newPassword,
          c.code,
          c.refreshToken,
          c.issuedRefreshToken,
          c.publishableKey,
          accessToken,
          issuedAccessToken
        ]
        for (const span of spans) {
          const text = exported(span)
          for (const value of secrets) {
            for (const form of forms(value)) assert.notInclude(text, form, `span ${span.name} (${c.mode})`)
          }
        }
      }),
      { numRuns: 40 }
    )
  })
})
