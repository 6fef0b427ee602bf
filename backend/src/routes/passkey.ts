/**
 * Passkeys, with the hosted service's shapes:
 * - `POST /auth/passkey/initiate-passkey-registration` (signed in): `{ options_json, code }`
 * - `POST /auth/passkey/register` `{ credential, code }` (signed in): `{ user_handle }`
 * - `POST /auth/passkey/initiate-passkey-authentication`: `{ options_json, code }`
 * - `POST /auth/passkey/sign-in` `{ authentication_response, code }`: `{ access_token, refresh_token,
 *   is_new_user, user_id }`, or MULTI_FACTOR_AUTHENTICATION_REQUIRED for a user with TOTP.
 */
import * as Effect from "effect/Effect"
import { PasskeyRegisterRequest, PasskeyRegisterResponse, PasskeySignInRequest } from "@stackfx/lib/domain/passkey-requests.js"
import { SignInResponse } from "@stackfx/lib/domain/tokens.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, json } from "../http/respond.js"
import { requireMfa } from "../operations/mfa.js"
import { authenticatePasskey, initiateAuthentication, initiateRegistration, registerPasskey } from "../operations/passkeys.js"
import { createSession } from "../operations/sessions.js"
import { ALL } from "../http/access.js"

const signedInUser = (auth: Auth) =>
  auth.user === undefined ? Effect.fail(new UserAuthenticationRequired({})) : Effect.succeed(auth.user)

export const routes = [
  endpoint({
    method: "POST",
    path: "/auth/passkey/initiate-passkey-registration",
    access: ALL,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        const started = yield* initiateRegistration(auth.project, yield* signedInUser(auth))
        return json({ options_json: started.optionsJson, code: started.code })
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/passkey/register",
    access: ALL,
    body: PasskeyRegisterRequest,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const credentialId = yield* registerPasskey(auth.project, yield* signedInUser(auth), body.credential, body.code)
        return yield* encoded(PasskeyRegisterResponse, { userHandle: credentialId })
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/passkey/initiate-passkey-authentication",
    access: ALL,
    handler: ({ auth }) =>
      Effect.map(initiateAuthentication(auth.project), (started) => json({ options_json: started.optionsJson, code: started.code }))
  }),
  endpoint({
    method: "POST",
    path: "/auth/passkey/sign-in",
    access: ALL,
    body: PasskeySignInRequest,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const user = yield* authenticatePasskey(auth.project, body.authenticationResponse, body.code)
        if (user.isMultiFactorRequired) return yield* requireMfa(auth.project.id, user.id, false)
        const session = yield* createSession({ projectId: auth.project.id, userId: user.id })
        return yield* encoded(SignInResponse, {
          accessToken: session.accessToken,
          refreshToken: session.refreshToken,
          userId: user.id,
          isNewUser: false
        })
      })
  })
]
