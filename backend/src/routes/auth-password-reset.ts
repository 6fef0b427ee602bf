/** Forgot, reset, update and set password (the password routes besides sign-up and sign-in). */
import * as Effect from "effect/Effect"
import {
  CodeCheckResponse,
  CodeRequest,
  EmailLinkRequest,
  PasswordResetRequest,
  PasswordSetRequest,
  PasswordUpdateRequest,
  ResetCodeSentResponse
} from "@stackfx/lib/domain/auth-requests.js"
import { PasswordAuthenticationNotEnabled } from "@stackfx/lib/errors/known/sign-in.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { type Auth, refreshTokenOf } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, success } from "../http/respond.js"
import { checkResetCode, resetPassword, sendResetCode, setPassword, updatePassword } from "../operations/passwords.js"
import { ALL } from "../http/access.js"

/** The hosted service's answer, word for word: it never says whether the address has an account. */
const maybeSent = encoded(ResetCodeSentResponse, { success: "maybe, only if user with e-mail exists" })

const codeIsValid = encoded(CodeCheckResponse, { isCodeValid: true })

const credentialsEnabled = (auth: Auth) =>
  auth.project.config.credentialEnabled ? Effect.void : Effect.fail(new PasswordAuthenticationNotEnabled({}))

const signedInUser = (auth: Auth) =>
  auth.user === undefined ? Effect.fail(new UserAuthenticationRequired({})) : Effect.succeed(auth.user)

export const routes = [
  endpoint({
    method: "POST",
    path: "/auth/password/send-reset-code",
    access: ALL,
    body: EmailLinkRequest,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        yield* credentialsEnabled(auth)
        yield* sendResetCode(auth.project, body.email.trim(), body.callbackUrl)
        return yield* maybeSent
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/password/reset/check-code",
    access: ALL,
    body: CodeRequest,
    handler: ({ auth, body }) => Effect.andThen(checkResetCode(auth.project.id, body.code), codeIsValid)
  }),
  endpoint({
    method: "POST",
    path: "/auth/password/reset",
    access: ALL,
    body: PasswordResetRequest,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        yield* credentialsEnabled(auth)
        yield* resetPassword(auth.project.id, body.code, body.password)
        return success
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/password/update",
    access: ALL,
    body: PasswordUpdateRequest,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        const user = yield* signedInUser(auth)
        yield* credentialsEnabled(auth)
        yield* updatePassword({
          projectId: auth.project.id,
          userId: user.id,
          oldPassword: body.oldPassword,
          newPassword: body.newPassword,
          // The refresh token sent with the request, not the access token's session: hosted keeps only that one.
          keepRefreshToken: refreshTokenOf(request.headers)
        })
        return success
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/password/set",
    access: ALL,
    body: PasswordSetRequest,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const user = yield* signedInUser(auth)
        yield* credentialsEnabled(auth)
        yield* setPassword(auth.project.id, user.id, body.password)
        return success
      })
  })
]
