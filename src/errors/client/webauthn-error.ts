import * as Schema from "effect/Schema"

/** The browser ceremony's own codes. */
export const WebAuthnCeremonyCode = Schema.Literals([
  "ERROR_CEREMONY_ABORTED",
  "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT",
  "ERROR_AUTO_REGISTER_USER_VERIFICATION_FAILURE",
  "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT",
  "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
  "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY",
  "ERROR_MALFORMED_PUBKEYCREDPARAMS",
  "ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG",
  "ERROR_INVALID_DOMAIN",
  "ERROR_INVALID_RP_ID",
  "ERROR_INVALID_USER_ID_LENGTH",
  "ERROR_AUTHENTICATOR_GENERAL_ERROR"
])

/** Failures of the client's passkey flow around the ceremony. */
export const WebAuthnFlowCode = Schema.Literals([
  "WEBAUTHN_UNSUPPORTED",
  "REGISTRATION_NOT_COMPLETED",
  "AUTHENTICATION_NOT_COMPLETED",
  "REGISTRATION_INITIATION_FAILED",
  "REGISTRATION_FAILED",
  "AUTHENTICATION_INITIATION_FAILED",
  "AUTHENTICATION_FAILED"
])

/**
 * Why a passkey ceremony failed in the browser (the WebAuthn outcome) or around it (the flow), as a code to match on.
 */
export const WebAuthnErrorCode = Schema.Union([WebAuthnCeremonyCode, WebAuthnFlowCode])
export type WebAuthnErrorCode = typeof WebAuthnErrorCode.Type

const flowMessages: { readonly [K in typeof WebAuthnFlowCode.Type]: string } = {
  WEBAUTHN_UNSUPPORTED: "WebAuthn is not supported in this browser",
  REGISTRATION_NOT_COMPLETED: "Registration was not completed",
  AUTHENTICATION_NOT_COMPLETED: "Authentication was not completed",
  REGISTRATION_INITIATION_FAILED: "Failed to get initiation options for passkey registration",
  REGISTRATION_FAILED: "Failed to start passkey registration",
  AUTHENTICATION_INITIATION_FAILED: "Failed to get initiation options for passkey authentication",
  AUTHENTICATION_FAILED: "Failed to sign in with passkey"
}

/** The default message for a code: the fixed wording for flow codes, the code itself for ceremony codes. */
export const webAuthnMessage = (code: WebAuthnErrorCode): string =>
  isFlowCode(code) ? flowMessages[code] : `The passkey ceremony failed (${code}).`

const isFlowCode = Schema.is(WebAuthnFlowCode)

/** A passkey registration or sign-in failed in the browser or before reaching the server. */
export class WebAuthnError extends Schema.TaggedError<WebAuthnError>()("WebAuthnError", {
  code: WebAuthnErrorCode,
  message: Schema.String
}) {
  constructor(props: { readonly code: WebAuthnErrorCode; readonly message?: string }, options?: Schema.MakeOptions) {
    super({ ...props, message: props.message ?? webAuthnMessage(props.code) }, options)
  }
}
