/** The known errors each `Auth` method documents (see `ErrorTable` in endpoint.ts); `signInWithOtp` is `signInWithMagicLink`. */
import { VerificationErrorTags } from "../../errors/categories.js"
import type { ErrorTable } from "../http/endpoint.js"

/*
 * PasswordConfirmationMismatch is also the client's own check of a confirmation field, made before anything
 * is sent, so the flows that take a confirmation list it. SignUpRejected is a sign-up rule of the project
 * refusing a new account, which the hosted service checks wherever an account is created.
 */
export const AuthErrors = {
  signUpWithCredential: [
    "UserEmailAlreadyExists",
    "PasswordTooShort",
    "PasswordTooLong",
    "SignUpNotEnabled",
    "SignUpRejected",
    "PasswordAuthenticationNotEnabled",
    "RedirectUrlNotWhitelisted",
    "MultiFactorAuthenticationRequired",
    "PasswordConfirmationMismatch"
  ],
  signUpAnonymously: [],
  signInWithCredential: ["EmailPasswordMismatch", "PasswordAuthenticationNotEnabled", "MultiFactorAuthenticationRequired"],
  signInWithMfa: ["InvalidTotpCode", ...VerificationErrorTags],
  sendMagicLinkEmail: ["RedirectUrlNotWhitelisted", "SignUpNotEnabled", "UserEmailAlreadyExists"],
  signInWithMagicLink: [
    ...VerificationErrorTags,
    "MultiFactorAuthenticationRequired",
    "SignUpNotEnabled",
    "SignUpRejected",
    "UserEmailAlreadyExists"
  ],
  sendForgotPasswordEmail: ["RedirectUrlNotWhitelisted", "PasswordAuthenticationNotEnabled"],
  verifyPasswordResetCode: VerificationErrorTags,
  resetPassword: [
    ...VerificationErrorTags,
    "PasswordTooShort",
    "PasswordTooLong",
    "PasswordAuthenticationNotEnabled",
    "PasswordConfirmationMismatch"
  ],
  updatePassword: [
    "PasswordConfirmationMismatch",
    "UserDoesNotHavePassword",
    "PasswordTooShort",
    "PasswordTooLong",
    "UserAuthenticationRequired",
    "PasswordAuthenticationNotEnabled"
  ],
  setPassword: [
    "PasswordTooShort",
    "PasswordTooLong",
    "UserAuthenticationRequired",
    "PasswordAuthenticationNotEnabled",
    "PasswordConfirmationMismatch"
  ],
  sendVerificationEmail: ["EmailAlreadyVerified", "EmailIsNotPrimaryEmail", "RedirectUrlNotWhitelisted", "UserAuthenticationRequired"],
  verifyEmail: VerificationErrorTags,
  signOut: []
} as const satisfies ErrorTable
