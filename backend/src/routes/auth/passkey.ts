/**
 * Passkeys, served from their declarations (`@stackfx/lib/contract/passkeys.js`): the initiation of each
 * ceremony (options and a code), registration for the signed-in user, and sign-in, which starts a session
 * or answers MULTI_FACTOR_AUTHENTICATION_REQUIRED for a user with TOTP.
 */
import * as Effect from "effect/Effect"
import { PasskeysApi } from "@stackfx/lib/contract/passkeys.js"
import { serve, unreachable } from "../../http/serve.js"
import { userRequiredBySchema } from "../../http/request.js"
import {
  initiateAuthentication,
  initiateRegistration,
  registerPasskey,
  signInWithPasskey
} from "../../operations/auth/passkeys.js"
import { signedInUser } from "../../operations/acting-user.js"

export const routes = [
  serve(PasskeysApi.initiateRegistration, ({ auth, request }) =>
    Effect.gen(function* () {
      const user = yield* userRequiredBySchema(auth.user, request)
      // The options of a stored user (a UUID handle) always build: a failure is the WebAuthn library's fault.
      return yield* initiateRegistration(auth.project, user).pipe(unreachable("PasskeyRegistrationFailed"))
    })
  ),
  serve(PasskeysApi.register, ({ auth, body }) =>
    Effect.gen(function* () {
      const credentialId = yield* registerPasskey(auth.project, yield* signedInUser(auth), body.credential, body.code)
      return { userHandle: credentialId }
    })
  ),
  serve(PasskeysApi.initiateAuthentication, ({ auth }) =>
    initiateAuthentication(auth.project).pipe(
      // Sign-in options name no user and always build: a failure is the WebAuthn library's fault.
      unreachable("PasskeyAuthenticationFailed")
    )
  ),
  serve(PasskeysApi.signIn, ({ auth, body }) => signInWithPasskey(auth.project, body.authenticationResponse, body.code))
]
