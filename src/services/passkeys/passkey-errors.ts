/** The known errors each `Passkeys` method documents (see `ErrorTable` in endpoint.ts). */
import { VerificationErrorTags } from "../../errors/categories.js"
import type { ErrorTable } from "../http/endpoint.js"

/** Both ceremonies redeem the code the service handed out with the options. */
export const PasskeysErrors = {
  register: [
    "PasskeyAuthenticationNotEnabled",
    "PasskeyRegistrationFailed",
    "PasskeyWebAuthnError",
    "UserAuthenticationRequired",
    ...VerificationErrorTags
  ],
  signIn: [
    "PasskeyAuthenticationNotEnabled",
    "PasskeyAuthenticationFailed",
    "PasskeyWebAuthnError",
    "MultiFactorAuthenticationRequired",
    ...VerificationErrorTags
  ]
} as const satisfies ErrorTable
