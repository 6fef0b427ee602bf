/**
 * Signing in without OAuth: credential sign-up and sign-in, anonymous sign-up, forgot / reset / update /
 * set password, magic link / OTP sign-in and the MFA step of any sign-in. Every route is open to every
 * access type; the ones that sign in answer a new session's tokens.
 *
 * A sign-in of a user with TOTP answers `MultiFactorAuthenticationRequired` instead of tokens: its attempt
 * code and the TOTP complete it at `/auth/mfa/sign-in`.
 */
import {
  CodeCheckResponse,
  CodeRequest,
  EmailLinkRequest,
  MfaSignInRequest,
  OtpSendRequest,
  PasswordResetRequest,
  PasswordSetRequest,
  PasswordSignInRequest,
  PasswordSignUpRequest,
  PasswordUpdateRequest,
  ResetCodeSentResponse
} from "../domain/auth-requests.js"
import { SuccessResponse } from "../domain/success.js"
import { OtpSendResponse, PasswordSignInResponse, SignInResponse } from "../domain/tokens.js"
import { VerificationErrorTags } from "../errors/categories.js"
import { dataKeys, session } from "./data-keys.js"
import { ALL } from "./access.js"
import { endpoint } from "./declaration.js"

const passwordRules = ["PasswordTooShort", "PasswordTooLong"] as const

export const AuthPasswordApi = {
  signUp: endpoint({
    name: "authPassword.signUp",
    summary: "Creates an account with an e-mail and password and signs it in (a guest's session is upgraded)",
    method: "POST",
    path: "/auth/password/sign-up",
    access: ALL,
    body: PasswordSignUpRequest,
    success: PasswordSignInResponse,
    errors: [
      "UserEmailAlreadyExists",
      ...passwordRules,
      "SignUpNotEnabled",
      // A sign-up rule of the project refusing the new account.
      "SignUpRejected",
      "PasswordAuthenticationNotEnabled",
      "RedirectUrlNotWhitelisted",
      "MultiFactorAuthenticationRequired",
      "ContactChannelAlreadyUsedForAuthBySomeoneElse",
      "BotChallengeRequired",
      "BotChallengeFailed"
    ],
    changes: session
  }),
  signIn: endpoint({
    name: "authPassword.signIn",
    summary: "Signs in with an e-mail and password",
    method: "POST",
    path: "/auth/password/sign-in",
    access: ALL,
    body: PasswordSignInRequest,
    success: PasswordSignInResponse,
    errors: ["EmailPasswordMismatch", "PasswordAuthenticationNotEnabled", "MultiFactorAuthenticationRequired"],
    changes: session
  }),
  sendResetCode: endpoint({
    name: "authPassword.sendResetCode",
    summary: "E-mails a password-reset link when the address has an account; says nothing either way",
    method: "POST",
    path: "/auth/password/send-reset-code",
    access: ALL,
    body: EmailLinkRequest,
    success: ResetCodeSentResponse,
    errors: ["RedirectUrlNotWhitelisted", "PasswordAuthenticationNotEnabled"]
  }),
  checkResetCode: endpoint({
    name: "authPassword.checkResetCode",
    summary: "Whether a password-reset code can still be used (without using it)",
    method: "POST",
    path: "/auth/password/reset/check-code",
    access: ALL,
    body: CodeRequest,
    success: CodeCheckResponse,
    errors: VerificationErrorTags
  }),
  reset: endpoint({
    name: "authPassword.reset",
    summary: "Sets a new password with the code of a reset e-mail; every session of the user ends",
    method: "POST",
    path: "/auth/password/reset",
    access: ALL,
    body: PasswordResetRequest,
    success: SuccessResponse,
    errors: [...VerificationErrorTags, ...passwordRules, "PasswordAuthenticationNotEnabled"],
    // `hasPassword` of the user, when the reset was for the signed-in one.
    changes: [dataKeys.user]
  }),
  update: endpoint({
    name: "authPassword.update",
    summary:
      "Changes the signed-in user's password; every other session ends (the one whose refresh token is sent is kept)",
    method: "POST",
    path: "/auth/password/update",
    access: ALL,
    body: PasswordUpdateRequest,
    success: SuccessResponse,
    errors: [
      // The old password is wrong.
      "PasswordConfirmationMismatch",
      "UserDoesNotHavePassword",
      ...passwordRules,
      "UserAuthenticationRequired",
      "PasswordAuthenticationNotEnabled"
    ],
    changes: [dataKeys.user]
  }),
  set: endpoint({
    name: "authPassword.set",
    summary: "Gives the signed-in user a first password",
    method: "POST",
    path: "/auth/password/set",
    access: ALL,
    body: PasswordSetRequest,
    success: SuccessResponse,
    errors: [...passwordRules, "UserAuthenticationRequired", "PasswordAuthenticationNotEnabled"],
    changes: [dataKeys.user]
  })
}

export const AuthAnonymousApi = {
  signUp: endpoint({
    name: "authAnonymous.signUp",
    summary: "Creates an anonymous user (no e-mail, no password) and signs it in, even where sign-up is disabled",
    method: "POST",
    path: "/auth/anonymous/sign-up",
    access: ALL,
    success: PasswordSignInResponse,
    errors: [],
    changes: session
  })
}

/** What signing in with an e-mailed code can meet: a spent or wrong code, a second factor, a refused account. */
const otpSignInErrors = [
  ...VerificationErrorTags,
  "MultiFactorAuthenticationRequired",
  "SignUpNotEnabled",
  "SignUpRejected",
  "UserEmailAlreadyExists",
  // The new account's address is taken for sign-in (a sign-up racing this one).
  "ContactChannelAlreadyUsedForAuthBySomeoneElse",
  // The code's send said its visible bot challenge could not be shown: the sign-up it leads to is refused.
  "BotChallengeFailed"
] as const

export const AuthOtpApi = {
  sendSignInCode: endpoint({
    name: "authOtp.sendSignInCode",
    summary: "E-mails a magic link and one-time code; answers the nonce the typed code is paired with",
    method: "POST",
    path: "/auth/otp/send-sign-in-code",
    access: ALL,
    body: OtpSendRequest,
    success: OtpSendResponse,
    errors: [
      "RedirectUrlNotWhitelisted",
      "SignUpNotEnabled",
      "UserEmailAlreadyExists",
      // A token failed in the invisible phase (a visible challenge is due), or in the visible one.
      "BotChallengeRequired",
      "BotChallengeFailed"
    ]
  }),
  checkCode: endpoint({
    name: "authOtp.checkCode",
    summary: "Whether a magic-link code can still be used (without using it)",
    method: "POST",
    path: "/auth/otp/sign-in/check-code",
    access: ALL,
    body: CodeRequest,
    success: CodeCheckResponse,
    errors: VerificationErrorTags
  }),
  signIn: endpoint({
    name: "authOtp.signIn",
    summary: "Signs in with a magic-link code; creates the account on first use (a guest's session is upgraded)",
    method: "POST",
    path: "/auth/otp/sign-in",
    access: ALL,
    body: CodeRequest,
    success: SignInResponse,
    errors: otpSignInErrors,
    changes: session
  })
}

export const AuthMfaApi = {
  signIn: endpoint({
    name: "authMfa.signIn",
    summary: "Completes a sign-in with the attempt code of MULTI_FACTOR_AUTHENTICATION_REQUIRED and a TOTP",
    method: "POST",
    path: "/auth/mfa/sign-in",
    access: ALL,
    body: MfaSignInRequest,
    success: SignInResponse,
    errors: ["InvalidTotpCode", ...VerificationErrorTags],
    changes: session
  }),
  checkCode: endpoint({
    name: "authMfa.checkCode",
    summary: "Whether an MFA attempt code can still be used (without using it)",
    method: "POST",
    path: "/auth/mfa/sign-in/check-code",
    access: ALL,
    body: CodeRequest,
    success: CodeCheckResponse,
    errors: VerificationErrorTags
  })
}
