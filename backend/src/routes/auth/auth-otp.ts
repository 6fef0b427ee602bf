/** Magic link / OTP sign-in: send the code, check it, sign in with it. */
import * as Effect from "effect/Effect"
import { AuthOtpApi } from "@stackfx/lib/contract/auth.js"
import { serve, unreachable } from "../../http/serve.js"
import { redeemEmailedCode } from "../../operations/codes/emailed-codes.js"
import { requireMfa } from "../../operations/auth/mfa.js"
import { redeemSignInCode, requireOtpSignIn, sendSignInCode } from "../../operations/auth/otp.js"
import { createSession } from "../../operations/auth/sessions.js"
import { CodePurpose } from "../../operations/codes/verification-codes.js"

export const routes = [
  serve(AuthOtpApi.sendSignInCode, ({ auth: { project }, body }) =>
    Effect.gen(function* () {
      yield* requireOtpSignIn(project)
      const nonce = yield* sendSignInCode(project, body.email.trim(), body.callbackUrl, body)
      return { nonce }
    })
  ),
  serve(AuthOtpApi.checkCode, ({ auth: { project }, body }) =>
    Effect.as(redeemEmailedCode(project.id, CodePurpose.magicLink, body.code, "check"), { isCodeValid: true as const })
  ),
  serve(AuthOtpApi.signIn, ({ auth: { project, user: current }, body }) =>
    Effect.gen(function* () {
      yield* requireOtpSignIn(project)
      const { user, isNewUser } = yield* redeemSignInCode(project, body.code, current).pipe(
        // The new user has no password and selects no team; the guest to upgrade was read with the request's
        // authentication.
        unreachable("TeamMembershipNotFound", "UserNotFound")
      )
      if (user.isMultiFactorRequired) return yield* requireMfa(project.id, user.id, isNewUser)
      const session = yield* createSession({ projectId: project.id, userId: user.id })
      return { accessToken: session.accessToken, refreshToken: session.refreshToken, userId: user.id, isNewUser }
    })
  )
]
