import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"

/** The `PASSKEY_REGISTRATION_FAILED` known error (400): "The passkey could not be registered." */
export class PasskeyRegistrationFailed extends knownError<PasskeyRegistrationFailed>()(
  "PASSKEY_REGISTRATION_FAILED",
  400,
  "The passkey could not be registered."
) {}
/** The `PASSKEY_WEBAUTHN_ERROR` known error (400). */
export class PasskeyWebAuthnError extends knownError<PasskeyWebAuthnError>()(
  "PASSKEY_WEBAUTHN_ERROR",
  400,
  (d) => d.message,
  { message: Schema.String, code: Schema.String }
) {}
/** The `PASSKEY_AUTHENTICATION_FAILED` known error (400): "Signing in with the passkey failed." */
export class PasskeyAuthenticationFailed extends knownError<PasskeyAuthenticationFailed>()(
  "PASSKEY_AUTHENTICATION_FAILED",
  400,
  "Signing in with the passkey failed."
) {}
