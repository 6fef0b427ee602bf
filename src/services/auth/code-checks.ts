/**
 * Whether an e-mailed code can still be used, without using it: a magic-link code, an e-mail verification code,
 * an MFA attempt code. A page that receives one (the magic-link callback, the e-mail verification page) can say
 * that its link has expired or was used before the visitor presses anything; the code stays usable.
 */
import { AuthMfaApi, AuthOtpApi } from "../../contract/auth.js"
import { ContactChannelsApi } from "../../contract/contact-channels.js"
import { functionCall, implement } from "../http/service-calls.js"

const code = (value: string) => ({ body: { code: value } })
const valid = (): void => undefined

/** Checks e-mailed codes without using them: each succeeds while its code can still be used. */
export const CodeChecksCalls = {
  /**
   * `magicLink(code)`: the code of a magic link (`Auth.sendMagicLinkEmail`) can still sign in; fails with
   * `VerificationCodeNotFound`, `VerificationCodeExpired` or `VerificationCodeAlreadyUsed` otherwise.
   */
  magicLink: functionCall(AuthOtpApi.checkCode, "client", code, valid),
  /** `emailVerification(code)`: the code of an e-mail verification link can still verify its address. */
  emailVerification: functionCall(ContactChannelsApi.checkVerificationCode, "client", code, valid),
  /** `mfa(attemptCode)`: the attempt code of an MFA sign-in (`MultiFactorAuthenticationRequired`) is still open. */
  mfa: functionCall(AuthMfaApi.checkCode, "client", code, valid)
}

export const makeCodeChecks = implement(CodeChecksCalls)
