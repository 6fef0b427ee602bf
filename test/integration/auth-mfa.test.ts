import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { newTotpSecret, totpCodeAt, totpSecretToBase64 } from "../../backend/src/totp.js"
import type { TotpSecret } from "../../backend/src/totp.js"
import { Auth } from "../../src/services/generated/auth.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { useKitBackend } from "../support/local-backend.js"
import { codeFromMail, latestMailTo } from "../support/mailbox.js"
import { clientLayer } from "./auth-support.js"

const backend = useKitBackend()

/** A six-digit code no clock drift window around now accepts. */
const wrongCode = (secret: TotpSecret) => {
  const now = Date.now()
  const accepted = new Set([-2, -1, 0, 1, 2].map((step) => totpCodeAt(secret, now + step * 30_000)))
  let candidate = 0
  while (accepted.has(String(candidate).padStart(6, "0"))) candidate++
  return String(candidate).padStart(6, "0")
}

/** A user with a TOTP secret, set through `PATCH /users/me { totp_secret_base64 }`. */
const userWithTotp = (project: Parameters<typeof clientLayer>[1]) =>
  Effect.gen(function* () {
    const user = yield* Effect.promise(() => backend.signUp(project))
    const secret = yield* newTotpSecret
    const updated = yield* CurrentUser.use((u) => u.update({ totpSecretBase64: totpSecretToBase64(secret) })).pipe(
      Effect.provide(clientLayer(backend, project, user))
    )
    assert.isTrue(updated.isMultiFactorRequired)
    return { user, secret }
  })

describe("TOTP multi-factor sign-in", () => {
  it.live("sign-in asks for MFA; a wrong code is INVALID_TOTP_CODE; the right one signs in", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const { user, secret } = yield* userWithTotp(project)
      const outcome = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const required = yield* Effect.flip(auth.signInWithCredential({ email: user.email, password: user.password }))
        if (required._tag !== "MultiFactorAuthenticationRequired") return yield* Effect.die(required)
        const attemptCode = required.details.attempt_code
        const visitor = yield* CurrentUser.use((u) => u.get)
        const wrong = yield* Effect.flip(auth.signInWithMfa(attemptCode, wrongCode(secret)))
        const signedIn = yield* auth.signInWithMfa(attemptCode, totpCodeAt(secret, Date.now()))
        const me = yield* CurrentUser.use((u) => u.get)
        const reused = yield* Effect.flip(auth.signInWithMfa(attemptCode, totpCodeAt(secret, Date.now())))
        return { visitor, wrong, signedIn, me, reused }
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.isNull(outcome.visitor)
      assert.strictEqual(outcome.wrong._tag, "InvalidTotpCode")
      assert.deepStrictEqual(outcome.signedIn, { userId: user.userId, isNewUser: false })
      assert.strictEqual(outcome.me?.id, user.userId)
      assert.strictEqual(outcome.reused._tag, "VerificationCodeAlreadyUsed")
    })
  )

  it.live("an empty TOTP code is INVALID_TOTP_CODE without a request", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      // A base URL nothing listens on: any request would be a NetworkError.
      const offline = clientLayer(
        { ...backend, localBackend: () => ({ ...backend.localBackend(), url: "http://127.0.0.1:9" }) },
        project
      )
      const errors = yield* Effect.gen(function* () {
        const auth = yield* Auth
        return [
          yield* Effect.flip(auth.signInWithMfa("any-attempt", "")),
          yield* Effect.flip(auth.signInWithMfa("x", "   "))
        ]
      }).pipe(Effect.provide(offline))
      assert.deepStrictEqual(
        errors.map((e) => e._tag),
        ["InvalidTotpCode", "InvalidTotpCode"]
      )
    })
  )

  it.live("the server also refuses an empty or malformed TOTP and unknown attempt codes", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const { user, secret } = yield* userWithTotp(project)
      const signIn = yield* Effect.promise(() =>
        backend.call(project, "POST", "/auth/password/sign-in", {
          body: { email: user.email, password: user.password }
        })
      )
      assert.strictEqual(signIn.knownError, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")
      const code = signIn.body.details.attempt_code as string
      const empty = yield* Effect.promise(() =>
        backend.call(project, "POST", "/auth/mfa/sign-in", { body: { type: "totp", totp: "", code } })
      )
      const unknown = yield* Effect.promise(() =>
        backend.call(project, "POST", "/auth/mfa/sign-in", {
          body: { type: "totp", totp: totpCodeAt(secret, Date.now()), code: "not-an-attempt" }
        })
      )
      assert.strictEqual(empty.knownError, "INVALID_TOTP_CODE")
      assert.strictEqual(unknown.knownError, "VERIFICATION_CODE_NOT_FOUND")
    })
  )

  it.live("a magic-link sign-in of a TOTP user also needs the second factor", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject({ config: { magic_link_enabled: true } }))
      const callbackUrl = "http://localhost:3000/handler/magic-link-callback"
      const email = `mfa-magic-${Date.now().toString(36)}@example.test`
      const outcome = yield* Effect.gen(function* () {
        const auth = yield* Auth
        yield* auth.sendMagicLinkEmail(email, { callbackUrl })
        const first = yield* auth.signInWithMagicLink(codeFromMail(yield* latestMailTo(backend, email), callbackUrl))
        const secret = yield* newTotpSecret
        yield* CurrentUser.use((u) => u.update({ totpSecretBase64: totpSecretToBase64(secret) }))
        yield* auth.signOut
        yield* auth.sendMagicLinkEmail(email, { callbackUrl })
        const required = yield* Effect.flip(
          auth.signInWithMagicLink(codeFromMail(yield* latestMailTo(backend, email), callbackUrl))
        )
        if (required._tag !== "MultiFactorAuthenticationRequired") return yield* Effect.die(required)
        const second = yield* auth.signInWithMfa(required.details.attempt_code, totpCodeAt(secret, Date.now()))
        return { first, second }
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.isTrue(outcome.first.isNewUser)
      assert.deepStrictEqual(outcome.second, { userId: outcome.first.userId, isNewUser: false })
    })
  )
})
