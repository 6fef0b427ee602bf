/** Forgot, reset, update and set password (the password routes besides sign-up and sign-in). */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { PasswordAuthenticationNotEnabled } from "../../errors/known/sign-in.js"
import { UserAuthenticationRequired } from "../../errors/known/session.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { json, success } from "../http/respond.js"
import { checkResetCode, resetPassword, sendResetCode, setPassword, updatePassword } from "../services/passwords.js"
import { EmailAddress } from "../../domain/rules/email.js"
import { ALL } from "../http/access.js"

const SendResetBody = Schema.Struct({ email: EmailAddress, callback_url: Schema.String })
const CodeBody = Schema.Struct({ code: Schema.String })
const ResetBody = Schema.Struct({ code: Schema.String, password: Schema.String })
const UpdateBody = Schema.Struct({ old_password: Schema.String, new_password: Schema.String })
const SetBody = Schema.Struct({ password: Schema.String })

/** The hosted service's answer, word for word: it never says whether the address has an account. */
const maybeSent = json({ success: "maybe, only if user with e-mail exists" })

const credentialsEnabled = (auth: Auth) =>
  auth.project.config.credentialEnabled ? Effect.void : Effect.fail(new PasswordAuthenticationNotEnabled({}))

const signedInUser = (auth: Auth) =>
  auth.user === undefined ? Effect.fail(new UserAuthenticationRequired({})) : Effect.succeed(auth.user)

export const routes = [
  endpoint({
    method: "POST",
    path: "/auth/password/send-reset-code",
    access: ALL,
    body: SendResetBody,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        yield* credentialsEnabled(auth)
        yield* sendResetCode(auth.project, body.email.trim(), body.callback_url)
        return maybeSent
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/password/reset/check-code",
    access: ALL,
    body: CodeBody,
    handler: ({ auth, body }) => Effect.as(checkResetCode(auth.project.id, body.code), json({ is_code_valid: true }))
  }),
  endpoint({
    method: "POST",
    path: "/auth/password/reset",
    access: ALL,
    body: ResetBody,
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
    body: UpdateBody,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const user = yield* signedInUser(auth)
        yield* credentialsEnabled(auth)
        yield* updatePassword({
          projectId: auth.project.id,
          userId: user.id,
          oldPassword: body.old_password,
          newPassword: body.new_password,
          keepRefreshTokenId: auth.refreshTokenId
        })
        return success
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/password/set",
    access: ALL,
    body: SetBody,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const user = yield* signedInUser(auth)
        yield* credentialsEnabled(auth)
        yield* setPassword(auth.project.id, user.id, body.password)
        return success
      })
  })
]
