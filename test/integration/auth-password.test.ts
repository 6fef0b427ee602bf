import { assert, describe, it } from "@effect/vitest"
import { vi } from "vitest"
import * as Effect from "effect/Effect"
import { Auth } from "../../src/services/generated/auth.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { Session } from "../../src/services/session/session.js"
import { EmailLinkUrls } from "../../src/services/navigation/email-link-urls.js"
import { refreshWith } from "../support/clients.js"
import { call, expectStatus, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { codeFromMail, latestMailTo, mailTo } from "../support/mailbox.js"
import { clientLayer } from "./auth-support.js"

const backend = useKitBackend()

const verifyUrl = "http://localhost:3000/handler/email-verification"
const resetUrl = "http://localhost:3000/handler/password-reset"

const newProject = Effect.promise(() => backend.createProject())

describe("password sign-up and email verification", () => {
  it.live("without a callback URL, sign-up still sends the verification e-mail, to the app's own page", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const email = uniqueEmail("default-verify")
      // The app mounts its pages at /auth; a Node program has no page, so it names its origin once.
      const appVerifyUrl = "http://localhost:3000/auth/email-verification"
      yield* Auth.use((auth) => auth.signUpWithCredential({ email, password: "first password" })).pipe(
        Effect.provide(clientLayer(backend, project)),
        Effect.provideService(EmailLinkUrls, { handlerPath: "/auth", urls: { emailVerification: appVerifyUrl } })
      )
      const mail = yield* latestMailTo(backend, email)
      assert.isString(codeFromMail(mail, appVerifyUrl))
    })
  )

  it.live("a relative verificationCallbackUrl is resolved against the page, as every e-mailed link's is", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const email = uniqueEmail("relative-verify")
      const signUp = (address: string) =>
        Auth.use((auth) =>
          auth.signUpWithCredential({
            email: address,
            password: "first password",
            verificationCallbackUrl: "../verify"
          })
        ).pipe(Effect.provide(clientLayer(backend, project)))
      vi.stubGlobal("location", { href: "http://localhost:3000/shop/cart?step=2" })
      const signedUp = yield* signUp(email).pipe(Effect.ensuring(Effect.sync(() => vi.unstubAllGlobals())))
      assert.isTrue(signedUp.isNewUser)
      const mail = yield* latestMailTo(backend, email)
      assert.isString(codeFromMail(mail, "http://localhost:3000/verify"))
      // No page to resolve it against: a typed error, and no account made.
      const other = uniqueEmail("relative-no-page")
      const refused = yield* Effect.flip(signUp(other))
      assert.strictEqual(refused._tag, "CallbackUrlRequired")
      assert.lengthOf(yield* mailTo(backend, other), 0)
    })
  )

  it.live("sign-up sends a verification email; its code verifies the email once", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const email = uniqueEmail("verify")
      const client = clientLayer(backend, project)

      // One Layer for the whole flow: the session of the sign-up lives in its token store.
      const outcome = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const users = yield* CurrentUser
        const signedIn = yield* auth.signUpWithCredential({
          email,
          password: "first password",
          verificationCallbackUrl: verifyUrl
        })
        const mail = yield* latestMailTo(backend, email)
        const code = codeFromMail(mail, verifyUrl)
        const before = yield* users.get
        yield* auth.verifyEmail(code)
        const after = yield* users.get
        const reused = yield* Effect.flip(auth.verifyEmail(code))
        const again = yield* Effect.flip(auth.sendVerificationEmail({ callbackUrl: verifyUrl }))
        return { signedIn, mail, code, before, after, reused, again }
      }).pipe(Effect.provide(client))
      const { signedIn, mail, code } = outcome
      assert.isTrue(signedIn.isNewUser)
      assert.include(mail.subject, "Verify your email")
      assert.deepStrictEqual(
        mail.to.map((to) => to.toLowerCase()),
        [`<${email.toLowerCase()}>`]
      )
      assert.strictEqual(code.length, 45)
      assert.strictEqual(outcome.before?.id, signedIn.userId)
      assert.isFalse(outcome.before?.primaryEmailVerified)
      assert.isTrue(outcome.after?.primaryEmailVerified)
      assert.strictEqual(outcome.reused._tag, "VerificationCodeAlreadyUsed")
      assert.strictEqual(outcome.again._tag, "EmailAlreadyVerified")
    })
  )

  it.live(
    "sendVerificationEmail mails the primary email; without a callback URL outside a page it is a typed error",
    () =>
      Effect.gen(function* () {
        const project = yield* newProject
        const email = uniqueEmail("resend")
        const result = yield* Effect.gen(function* () {
          const auth = yield* Auth
          yield* auth.signUpWithCredential({ email, password: "first password" })
          const noUrl = yield* Effect.flip(auth.sendVerificationEmail())
          const badUrl = yield* Effect.flip(auth.sendVerificationEmail({ callbackUrl: "https://evil.example/verify" }))
          yield* auth.sendVerificationEmail({ callbackUrl: verifyUrl })
          return { noUrl, badUrl }
        }).pipe(Effect.provide(clientLayer(backend, project)))
        assert.strictEqual(result.noUrl._tag, "CallbackUrlRequired")
        assert.strictEqual(result.badUrl._tag, "RedirectUrlNotWhitelisted")
        const mails = yield* mailTo(backend, email)
        // Sign-up without a callback URL sends nothing; the explicit call sends one.
        assert.strictEqual(mails.length, 1)
        assert.isString(codeFromMail(mails[0]!, verifyUrl))
      })
  )

  it.live("a user without a primary email gets NoPrimaryEmail without a send", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const created = expectStatus(
        yield* Effect.promise(() => backend.call(project, "POST", "/users", { accessType: "server", body: {} })),
        201
      )
      const session = expectStatus(
        yield* Effect.promise(() =>
          backend.call(project, "POST", "/auth/sessions", { accessType: "server", body: { user_id: created.body.id } })
        ),
        200
      )
      const error = yield* Effect.flip(Auth.use((auth) => auth.sendVerificationEmail({ callbackUrl: verifyUrl }))).pipe(
        Effect.provide(
          clientLayer(backend, project, {
            accessToken: session.body.access_token,
            refreshToken: session.body.refresh_token
          })
        )
      )
      assert.strictEqual(error._tag, "NoPrimaryEmail")
    })
  )

  it.live("a password confirmation that differs fails before any request; duplicate emails conflict", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const email = uniqueEmail("dup")
      const errors = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const mismatch = yield* Effect.flip(
          auth.signUpWithCredential({ email, password: "one password", passwordConfirmation: "another one" })
        )
        yield* auth.signUpWithCredential({ email, password: "one password", passwordConfirmation: "one password" })
        const duplicate = yield* Effect.flip(auth.signUpWithCredential({ email, password: "one password" }))
        const short = yield* Effect.flip(auth.signUpWithCredential({ email: uniqueEmail(), password: "short" }))
        return { mismatch, duplicate, short }
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.strictEqual(errors.mismatch._tag, "PasswordConfirmationMismatch")
      assert.strictEqual(errors.duplicate._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
      assert.strictEqual(errors.short._tag, "PasswordTooShort")
      // Only one account exists: the mismatch never reached the server.
      const list = yield* Effect.promise(() => backend.call(project, "GET", "/users", { accessType: "server" }))
      assert.strictEqual(list.body.items.length, 1)
    })
  )
})

describe("forgot, reset, update and set password", () => {
  it.live("forgot -> reset -> sign in with the new password; the old one and the used code fail", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const user = yield* Effect.promise(() => backend.signUp(project, { password: "old password 1" }))
      const client = clientLayer(backend, project)

      yield* Auth.use((auth) => auth.sendForgotPasswordEmail(user.email, { callbackUrl: resetUrl })).pipe(
        Effect.provide(client)
      )
      const mail = yield* latestMailTo(backend, user.email)
      assert.include(mail.subject, "Reset your password")
      // Under the shared email config the hosted service sends in the project's name.
      // Read through the Inbucket JSON, which writes the name unquoted (as Inbucket does).
      assert.strictEqual(mail.from, "Test project <noreply@example.com>")
      // Like the hosted mail, the text carries the reset link exactly once.
      assert.strictEqual(mail.text.split(resetUrl).length - 1, 1, mail.text)
      const code = codeFromMail(mail, resetUrl)

      const outcome = yield* Effect.gen(function* () {
        const auth = yield* Auth
        yield* auth.verifyPasswordResetCode(code)
        const tooShort = yield* Effect.flip(auth.resetPassword({ code, password: "short" }))
        const mismatch = yield* Effect.flip(
          auth.resetPassword({ code, password: "new password 2", passwordConfirmation: "new password 3" })
        )
        // Neither failure spent the code.
        yield* auth.resetPassword({ code, password: "new password 2" })
        const reused = yield* Effect.flip(auth.resetPassword({ code, password: "new password 4" }))
        const checkedAgain = yield* Effect.flip(auth.verifyPasswordResetCode(code))
        const oldPassword = yield* Effect.flip(
          auth.signInWithCredential({ email: user.email, password: "old password 1" })
        )
        const signedIn = yield* auth.signInWithCredential({ email: user.email, password: "new password 2" })
        const me = yield* CurrentUser.use((u) => u.get)
        return { tooShort, mismatch, reused, checkedAgain, oldPassword, signedIn, me }
      }).pipe(Effect.provide(client))
      assert.strictEqual(outcome.tooShort._tag, "PasswordTooShort")
      assert.strictEqual(outcome.mismatch._tag, "PasswordConfirmationMismatch")
      assert.strictEqual(outcome.reused._tag, "VerificationCodeAlreadyUsed")
      assert.strictEqual(outcome.checkedAgain._tag, "VerificationCodeAlreadyUsed")
      assert.strictEqual(outcome.oldPassword._tag, "EmailPasswordMismatch")
      assert.deepStrictEqual(outcome.signedIn, { userId: user.userId, isNewUser: false })
      assert.strictEqual(outcome.me?.id, user.userId)
    })
  )

  it.live("forgot password for an unknown email answers the same and sends nothing; a wrong code is not found", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const email = uniqueEmail("nobody")
      const raw = yield* Effect.promise(() =>
        backend.call(project, "POST", "/auth/password/send-reset-code", { body: { email, callback_url: resetUrl } })
      )
      assert.deepStrictEqual(raw.body, { success: "maybe, only if user with e-mail exists" })
      const errors = yield* Effect.gen(function* () {
        const auth = yield* Auth
        yield* auth.sendForgotPasswordEmail(email, { callbackUrl: resetUrl })
        const untrusted = yield* Effect.flip(
          auth.sendForgotPasswordEmail(email, { callbackUrl: "https://evil.example/r" })
        )
        const unknownCode = yield* Effect.flip(auth.resetPassword({ code: "x".repeat(45), password: "whatever 123" }))
        return { untrusted, unknownCode }
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.strictEqual(errors.untrusted._tag, "RedirectUrlNotWhitelisted")
      assert.strictEqual(errors.unknownCode._tag, "VerificationCodeNotFound")
      assert.deepStrictEqual(yield* mailTo(backend, email), [])
    })
  )

  it.live("update needs the old password and ends the user's other sessions", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const user = yield* Effect.promise(() => backend.signUp(project, { password: "old password 1" }))
      const other = expectStatus(
        yield* Effect.promise(() =>
          backend.call(project, "POST", "/auth/password/sign-in", {
            body: { email: user.email, password: "old password 1" }
          })
        ),
        200
      )
      const errors = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const wrongOld = yield* Effect.flip(
          auth.updatePassword({ oldPassword: "not it at all", newPassword: "new password 2" })
        )
        const tooShort = yield* Effect.flip(
          auth.updatePassword({ oldPassword: "old password 1", newPassword: "short" })
        )
        yield* auth.updatePassword({ oldPassword: "old password 1", newPassword: "new password 2" })
        const stillMe = yield* CurrentUser.use((u) => u.get)
        const setAgain = yield* Effect.flip(auth.setPassword({ password: "third password 3" }))
        return { wrongOld, tooShort, stillMe, setAgain }
      }).pipe(Effect.provide(clientLayer(backend, project, user)))
      assert.strictEqual(errors.wrongOld._tag, "PasswordConfirmationMismatch")
      assert.strictEqual(errors.tooShort._tag, "PasswordTooShort")
      assert.strictEqual(errors.stillMe?.id, user.userId)
      // Setting a password when there is one is a plain 400 of the hosted service, not a known error.
      assert.strictEqual(errors.setAgain._tag, "HttpError")

      const refreshed = yield* refreshWith(backend, project, other.body.refresh_token)
      assert.notStrictEqual(refreshed.status, 200, refreshed.text)
      const signIn = yield* Effect.promise(() =>
        backend.call(project, "POST", "/auth/password/sign-in", {
          body: { email: user.email, password: "new password 2" }
        })
      )
      assert.strictEqual(signIn.status, 200)
    })
  )

  it.live("set password gives a password to a user without one; update then needs it", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const email = uniqueEmail("nopass")
      const created = expectStatus(
        yield* Effect.promise(() =>
          backend.call(project, "POST", "/users", {
            accessType: "server",
            body: { primary_email: email, primary_email_auth_enabled: true }
          })
        ),
        201
      )
      const session = expectStatus(
        yield* Effect.promise(() =>
          backend.call(project, "POST", "/auth/sessions", { accessType: "server", body: { user_id: created.body.id } })
        ),
        200
      )
      const outcome = yield* Effect.gen(function* () {
        const auth = yield* Auth
        const noPassword = yield* Effect.flip(
          auth.updatePassword({ oldPassword: "anything 123", newPassword: "new password 2" })
        )
        const mismatch = yield* Effect.flip(
          auth.setPassword({ password: "my password 1", passwordConfirmation: "typo" })
        )
        yield* auth.setPassword({ password: "my password 1" })
        const me = yield* CurrentUser.use((u) => u.get)
        return { noPassword, mismatch, me }
      }).pipe(
        Effect.provide(
          clientLayer(backend, project, {
            accessToken: session.body.access_token,
            refreshToken: session.body.refresh_token
          })
        )
      )
      assert.strictEqual(outcome.noPassword._tag, "UserDoesNotHavePassword")
      assert.strictEqual(outcome.mismatch._tag, "PasswordConfirmationMismatch")
      assert.isTrue(outcome.me?.hasPassword)
      const signIn = yield* Effect.promise(() =>
        backend.call(project, "POST", "/auth/password/sign-in", { body: { email, password: "my password 1" } })
      )
      assert.strictEqual(signIn.status, 200)
    })
  )

  it.live("password routes need a signed-in user", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const result = yield* Effect.promise(() =>
        call(backend.localBackend(), project, "POST", "/auth/password/set", { body: { password: "some password" } })
      )
      // The service's request schema requires a user: its SCHEMA_ERROR, before the project's settings.
      assert.strictEqual(result.status, 400)
      assert.strictEqual(result.knownError, "SCHEMA_ERROR")
      assert.include(result.body.details.message, "auth.user must be defined")
    })
  )
})

describe("sign-out", () => {
  it.live("signs out on the server and locally; succeeds when the refresh token is already revoked", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const user = yield* Effect.promise(() => backend.signUp(project))
      const first = yield* Effect.gen(function* () {
        yield* Auth.use((auth) => auth.signOut)
        return yield* Session.use((s) => s.state)
      }).pipe(Effect.provide(clientLayer(backend, project, user)))
      assert.strictEqual(first._tag, "KnownInvalid")
      const revoked = yield* refreshWith(backend, project, user.refreshToken)
      assert.strictEqual(revoked.knownError, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", revoked.text)

      // The same tokens again: the refresh token is revoked already, sign-out still succeeds.
      const again = yield* Effect.gen(function* () {
        yield* Auth.use((auth) => auth.signOut)
        return yield* Session.use((s) => s.state)
      }).pipe(Effect.provide(clientLayer(backend, project, user)))
      assert.strictEqual(again._tag, "KnownInvalid")

      // And with an access token that no longer parses plus the revoked refresh token.
      const broken = yield* Effect.gen(function* () {
        yield* Auth.use((auth) => auth.signOut)
        return yield* Session.use((s) => s.state)
      }).pipe(
        Effect.provide(clientLayer(backend, project, { accessToken: "not-a-jwt", refreshToken: user.refreshToken }))
      )
      assert.strictEqual(broken._tag, "KnownInvalid")
    })
  )

  it.live("ends the session when the server says the session is already over", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const user = yield* Effect.promise(() => backend.signUp(project))
      // The session ends elsewhere (another tab signs out); the server's answer to a second sign-out is the hosted
      // 401 ...
      expectStatus(
        yield* Effect.promise(() =>
          backend.call(project, "DELETE", "/auth/sessions/current", { accessToken: user.accessToken })
        ),
        200
      )
      const raw = yield* Effect.promise(() =>
        backend.call(project, "DELETE", "/auth/sessions/current", { accessToken: user.accessToken })
      )
      assert.strictEqual(raw.status, 401)
      assert.strictEqual(raw.knownError, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
      // ... which the client takes as "already signed out".
      const state = yield* Effect.gen(function* () {
        yield* Auth.use((auth) => auth.signOut)
        return yield* Session.use((s) => s.state)
      }).pipe(
        Effect.provide(clientLayer(backend, project, { accessToken: user.accessToken, refreshToken: "never-issued" }))
      )
      assert.strictEqual(state._tag, "KnownInvalid")
    })
  )
})
