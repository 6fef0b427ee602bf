/** The second step of an MFA sign-in (operations/auth/mfa.ts), and the check of its attempt code. */
import * as Effect from "effect/Effect"
import { AuthMfaApi } from "@stackfx/lib/contract/auth.js"
import { serve } from "../../http/serve.js"
import { checkMfaAttempt, completeMfaSignIn } from "../../operations/auth/mfa.js"
import { createSession } from "../../operations/auth/sessions.js"

export const routes = [
  serve(AuthMfaApi.signIn, ({ auth: { project }, body }) =>
    Effect.gen(function* () {
      const { userId, isNewUser } = yield* completeMfaSignIn(project.id, body.code, body.totp)
      const session = yield* createSession({ projectId: project.id, userId })
      return { accessToken: session.accessToken, refreshToken: session.refreshToken, userId, isNewUser }
    })
  ),
  serve(AuthMfaApi.checkCode, ({ auth: { project }, body }) =>
    Effect.as(checkMfaAttempt(project.id, body.code), { isCodeValid: true as const })
  )
]
