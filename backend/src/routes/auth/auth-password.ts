/** Password sign-up and sign-in. */
import * as Effect from "effect/Effect"
import { AuthPasswordApi } from "@stackfx/lib/contract/auth.js"
import { checkPasswordLength } from "../../crypto/password.js"
import { serve, unreachable } from "../../http/serve.js"
import { assessBotChallenge, requireVisibleChallengePassed } from "../../operations/auth/bot-challenge.js"
import { sendSignUpVerification } from "../../operations/users/contact-channels.js"
import { requirePasswordAuth, requirePasswordSignUp } from "../../operations/auth/password-gates.js"
import { requireMfa } from "../../operations/auth/mfa.js"
import { checkCredentials } from "../../operations/auth/passwords.js"
import { createSession } from "../../operations/auth/sessions.js"
import { signUpUser } from "../../operations/auth/sign-up.js"

const tokensFor = (projectId: string, userId: string) =>
  Effect.map(createSession({ projectId, userId }), (session) => ({
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    userId
  }))

export const routes = [
  // The request's user is a guest to upgrade when its token is an anonymous user's (operations/auth/sign-up.ts).
  serve(AuthPasswordApi.signUp, ({ auth: { project, user: current }, body }) =>
    Effect.gen(function* () {
      const callback = body.verificationCallbackUrl
      yield* requirePasswordSignUp(project, callback)
      yield* checkPasswordLength(body.password)
      yield* assessBotChallenge(body, "sign_up_with_credential").pipe(Effect.flatMap(requireVisibleChallengePassed))
      const user = yield* signUpUser(project, current, {
        primaryEmail: body.email.trim(),
        primaryEmailVerified: false,
        primaryEmailAuthEnabled: true,
        password: body.password,
        signUp: { authMethod: "password" }
      }).pipe(
        // The guest to upgrade was read with the request's authentication, and a sign-up selects no team.
        unreachable("UserNotFound", "TeamMembershipNotFound")
      )
      if (callback !== undefined) yield* sendSignUpVerification(project, user, callback)
      if (user.isMultiFactorRequired) return yield* requireMfa(project.id, user.id, true)
      return yield* tokensFor(project.id, user.id)
    })
  ),
  serve(AuthPasswordApi.signIn, ({ auth: { project }, body }) =>
    Effect.gen(function* () {
      yield* requirePasswordAuth(project)
      const { userId, hasTotp } = yield* checkCredentials(project.id, body.email, body.password)
      if (hasTotp) return yield* requireMfa(project.id, userId, false)
      return yield* tokensFor(project.id, userId)
    })
  )
]
