/** Forgot, reset, update and set password (the password routes besides sign-up and sign-in). */
import * as Effect from "effect/Effect"
import { AuthPasswordApi } from "@stackfx/lib/contract/auth.js"
import { refreshTokenOf } from "../../http/auth.js"
import { userRequiredBySchema } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import {
  checkResetCode,
  resetPassword,
  sendResetCode,
  setPassword,
  updatePassword
} from "../../operations/auth/passwords.js"
import { requirePasswordAuth } from "../../operations/auth/password-gates.js"

const done = { success: true as const }

export const routes = [
  serve(AuthPasswordApi.sendResetCode, ({ auth, body }) =>
    Effect.gen(function* () {
      yield* requirePasswordAuth(auth.project)
      yield* sendResetCode(auth.project, body.email.trim(), body.callbackUrl)
      // The hosted service's answer, word for word: it never says whether the address has an account.
      return { success: "maybe, only if user with e-mail exists" }
    })
  ),
  serve(AuthPasswordApi.checkResetCode, ({ auth, body }) =>
    Effect.as(checkResetCode(auth.project.id, body.code), { isCodeValid: true as const })
  ),
  serve(AuthPasswordApi.reset, ({ auth, body }) =>
    Effect.gen(function* () {
      yield* requirePasswordAuth(auth.project)
      yield* resetPassword(auth.project.id, body.code, body.password)
      return done
    })
  ),
  serve(AuthPasswordApi.update, ({ auth, body, request }) =>
    Effect.gen(function* () {
      const user = yield* userRequiredBySchema(auth.user, request)
      yield* requirePasswordAuth(auth.project)
      yield* updatePassword({
        projectId: auth.project.id,
        userId: user.id,
        oldPassword: body.oldPassword,
        newPassword: body.newPassword,
        // The refresh token sent with the request, not the access token's session: hosted keeps only that one.
        keepRefreshToken: refreshTokenOf(request.headers)
      })
      return done
    })
  ),
  serve(AuthPasswordApi.set, ({ auth, body, request }) =>
    Effect.gen(function* () {
      const user = yield* userRequiredBySchema(auth.user, request)
      yield* requirePasswordAuth(auth.project)
      yield* setPassword(auth.project.id, user.id, body.password)
      return done
    })
  )
]
