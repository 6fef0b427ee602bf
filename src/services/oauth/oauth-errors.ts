/**
 * The known errors each `OAuth` method that asks the API documents (see `ErrorTable` in endpoint.ts);
 * `signIn` only prepares the authorize URL.
 */
import type { ErrorTable } from "../http/endpoint.js"

export const OAuthErrors = {
  link: [],
  /** The code exchange. MFA is not a failure of the flow: the UI prompts for the TOTP code. */
  callback: [
    "MultiFactorAuthenticationRequired",
    "InvalidAuthorizationCode",
    "InvalidOAuthClientIdOrSecret",
    "RedirectUrlNotWhitelisted",
    "OuterOAuthTimeout"
  ]
} as const satisfies ErrorTable
