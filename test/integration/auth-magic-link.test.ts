import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Auth } from "../../src/services/generated/auth.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { codeFromMail, latestMailTo, mailTo } from "../support/mailbox.js"
import { clientLayer } from "./auth-support.js"

const backend = useKitBackend()

const magicUrl = "http://localhost:3000/handler/magic-link-callback"

const magicProject = Effect.promise(() => backend.createProject({ config: { magic_link_enabled: true } }))

/** The OTP of a sign-in code: its first six characters, upper-cased as emails show them. */
const otpFromMail = (code: string) => code.slice(0, 6).toUpperCase()

describe("magic link and OTP sign-in", () => {
  it.live("the first sign-in creates the user (is_new_user), the next signs in the same user", () =>
    Effect.gen(function* () {
      const project = yield* magicProject
      const email = uniqueEmail("magic")
      const outcome = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const sent = yield* auth.sendMagicLinkEmail(email, { callbackUrl: magicUrl })
        const firstCode = codeFromMail(yield* latestMailTo(backend, email), magicUrl)
        const first = yield* auth.signInWithMagicLink(firstCode)
        const me = yield* CurrentUser.use((u) => u.get)
        const reused = yield* Effect.flip(auth.signInWithMagicLink(firstCode))
        yield* auth.signOut

        yield* auth.sendMagicLinkEmail(email, { callbackUrl: magicUrl })
        const secondCode = codeFromMail(yield* latestMailTo(backend, email), magicUrl)
        const second = yield* auth.signInWithMagicLink(secondCode)
        return { sent, firstCode, first, me, reused, second }
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.strictEqual(outcome.sent.nonce, outcome.firstCode.slice(6))
      assert.isTrue(outcome.first.isNewUser)
      assert.strictEqual(outcome.me?.id, outcome.first.userId)
      assert.strictEqual(outcome.me?.primaryEmail, email)
      assert.isTrue(outcome.me?.primaryEmailVerified)
      assert.isTrue(outcome.me?.otpAuthEnabled)
      assert.strictEqual(outcome.reused._tag, "VerificationCodeAlreadyUsed")
      assert.deepStrictEqual(outcome.second, { userId: outcome.first.userId, isNewUser: false })
    })
  )

  it.live("the OTP (the code's first six characters, upper-cased) plus the nonce signs in", () =>
    Effect.gen(function* () {
      const project = yield* magicProject
      const email = uniqueEmail("otp")
      const outcome = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const { nonce } = yield* auth.sendMagicLinkEmail(email, { callbackUrl: magicUrl })
        const code = codeFromMail(yield* latestMailTo(backend, email), magicUrl)
        const signedIn = yield* auth.signInWithOtp(otpFromMail(code), nonce)
        return { signedIn, otp: otpFromMail(code) }
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.isTrue(outcome.signedIn.isNewUser)
      assert.match(outcome.otp, /^[A-Z0-9]{6}$/)
    })
  )

  it.live("the mail shows the OTP on a line of its own and in its subject; that OTP signs in", () =>
    Effect.gen(function* () {
      const project = yield* magicProject
      const email = uniqueEmail("otp-line")
      const outcome = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const { nonce } = yield* auth.sendMagicLinkEmail(email, { callbackUrl: magicUrl })
        const mail = yield* latestMailTo(backend, email)
        // Read as a person would: the line that holds nothing but the code.
        const otp = mail.text
          .split("\n")
          .map((line) => line.trim())
          .find((line) => /^[A-Z0-9]{6}$/.test(line))
        const signedIn = otp === undefined ? undefined : yield* auth.signInWithOtp(otp, nonce)
        return { mail, otp, signedIn }
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.isDefined(outcome.otp, outcome.mail.text)
      assert.strictEqual(outcome.mail.subject, `Sign in to Test project: Your code is ${outcome.otp}`)
      assert.strictEqual(outcome.mail.text.split(magicUrl).length - 1, 1, outcome.mail.text)
      assert.isTrue(outcome.signedIn?.isNewUser)
    })
  )

  it.live("wrong OTP guesses lock the code: the right one then fails with VERIFICATION_CODE_MAX_ATTEMPTS_REACHED", () =>
    Effect.gen(function* () {
      const project = yield* magicProject
      const email = uniqueEmail("guess")
      const outcome = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const { nonce } = yield* auth.sendMagicLinkEmail(email, { callbackUrl: magicUrl })
        const code = codeFromMail(yield* latestMailTo(backend, email), magicUrl)
        const right = otpFromMail(code)
        const wrong = right === "AAAAAA" ? "BBBBBB" : "AAAAAA"
        const firstGuess = yield* Effect.flip(auth.signInWithOtp(wrong, nonce))
        for (let i = 1; i < 20; i++) yield* Effect.flip(auth.signInWithOtp(wrong, nonce))
        const locked = yield* Effect.flip(auth.signInWithOtp(right, nonce))
        return { firstGuess, locked }
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.strictEqual(outcome.firstGuess._tag, "VerificationCodeNotFound")
      assert.strictEqual(outcome.locked._tag, "VerificationCodeMaxAttemptsReached")
    })
  )

  it.live("an address used for sign-in but unverified cannot be taken over by a magic link", () =>
    Effect.gen(function* () {
      const project = yield* magicProject
      const user = yield* Effect.promise(() => backend.signUp(project))
      const error = yield* Effect.flip(
        Auth.use((auth) => auth.sendMagicLinkEmail(user.email, { callbackUrl: magicUrl }))
      ).pipe(Effect.provide(clientLayer(backend, project)))
      assert.strictEqual(error._tag, "UserEmailAlreadyExists")
      if (error._tag === "UserEmailAlreadyExists") assert.isTrue(error.details.would_work_if_email_was_verified)
      assert.deepStrictEqual(yield* mailTo(backend, user.email), [])
    })
  )

  it.live("magic links need the project setting, sign-up for new addresses and a trusted callback", () =>
    Effect.gen(function* () {
      const disabled = yield* Effect.promise(() => backend.createProject())
      const closed = yield* Effect.promise(() =>
        backend.createProject({ config: { magic_link_enabled: true, sign_up_enabled: false } })
      )
      const open = yield* magicProject
      const send = (email: string, callbackUrl = magicUrl) =>
        Effect.flip(Auth.use((auth) => auth.sendMagicLinkEmail(email, { callbackUrl })))
      const notEnabled = yield* send(uniqueEmail()).pipe(Effect.provide(clientLayer(backend, disabled)))
      const noSignUp = yield* send(uniqueEmail()).pipe(Effect.provide(clientLayer(backend, closed)))
      const untrusted = yield* send(uniqueEmail(), "https://evil.example/cb").pipe(
        Effect.provide(clientLayer(backend, open))
      )
      assert.strictEqual(notEnabled._tag, "HttpError")
      if (notEnabled._tag === "HttpError") assert.strictEqual(notEnabled.status, 403)
      assert.strictEqual(noSignUp._tag, "SignUpNotEnabled")
      assert.strictEqual(untrusted._tag, "RedirectUrlNotWhitelisted")
    })
  )
})
