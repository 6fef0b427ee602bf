import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"

export class PasskeyRegistrationFailed extends knownError<PasskeyRegistrationFailed>()(
  "PASSKEY_REGISTRATION_FAILED", 400, "The passkey could not be registered."
) {}
export class PasskeyWebAuthnError extends knownError<PasskeyWebAuthnError>()(
  "PASSKEY_WEBAUTHN_ERROR", 400, (d) => d.message, { message: Schema.String, code: Schema.String }
) {}
export class PasskeyAuthenticationFailed extends knownError<PasskeyAuthenticationFailed>()(
  "PASSKEY_AUTHENTICATION_FAILED", 400, "Signing in with the passkey failed."
) {}
