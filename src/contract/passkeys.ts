/**
 * Passkeys (`/auth/passkey/...`): each ceremony starts with an initiation (options and a code) and ends
 * with the browser's answer and that code. Registration needs a signed-in user (a guest may register);
 * sign-in starts a session, or answers MULTI_FACTOR_AUTHENTICATION_REQUIRED for a user with TOTP.
 */
import * as Schema from "effect/Schema"
import {
  PasskeyInitiation,
  PasskeyRegisterRequest,
  PasskeyRegisterResponse,
  PasskeySignInRequest
} from "../domain/passkey-requests.js"
import { SignInResponse } from "../domain/tokens.js"
import { VerificationErrorTags } from "../errors/categories.js"
import { ALL } from "./access.js"
import { dataKeys, session } from "./data-keys.js"
import { endpoint } from "./declaration.js"

export const PasskeysApi = {
  initiateRegistration: endpoint({
    name: "passkeys.initiateRegistration",
    summary: "Registration options for the signed-in user, with the ceremony's code",
    method: "POST",
    path: "/auth/passkey/initiate-passkey-registration",
    access: ALL,
    body: Schema.Struct({}),
    success: PasskeyInitiation,
    errors: ["PasskeyAuthenticationNotEnabled", "UserAuthenticationRequired"]
  }),
  register: endpoint({
    name: "passkeys.register",
    summary: "Adds the registered credential to the signed-in user (replacing a previous passkey)",
    method: "POST",
    path: "/auth/passkey/register",
    access: ALL,
    body: PasskeyRegisterRequest,
    success: PasskeyRegisterResponse,
    errors: [
      "PasskeyAuthenticationNotEnabled",
      "PasskeyRegistrationFailed",
      "PasskeyWebAuthnError",
      "UserAuthenticationRequired",
      ...VerificationErrorTags
    ],
    // `passkeyAuthEnabled` of the user.
    changes: [dataKeys.user]
  }),
  initiateAuthentication: endpoint({
    name: "passkeys.initiateAuthentication",
    summary: "Sign-in options, with the ceremony's code",
    method: "POST",
    path: "/auth/passkey/initiate-passkey-authentication",
    access: ALL,
    body: Schema.Struct({}),
    success: PasskeyInitiation,
    errors: ["PasskeyAuthenticationNotEnabled"]
  }),
  signIn: endpoint({
    name: "passkeys.signIn",
    summary: "Signs in with a passkey's assertion",
    method: "POST",
    path: "/auth/passkey/sign-in",
    access: ALL,
    body: PasskeySignInRequest,
    success: SignInResponse,
    errors: [
      "PasskeyAuthenticationNotEnabled",
      "PasskeyAuthenticationFailed",
      "PasskeyWebAuthnError",
      "MultiFactorAuthenticationRequired",
      ...VerificationErrorTags
    ],
    changes: session
  })
}
