/**
 * What SimpleWebAuthn's ceremonies throw, as a `WebAuthnError` with the fixed codes and messages. Apart
 * from passkey-ceremony.ts (which the public passkey module re-exports) so that only the passkey
 * implementation, loaded on first use, carries the error codes and messages.
 */
import * as Schema from "effect/Schema"
import { WebAuthnCeremonyCode, WebAuthnError } from "../../errors/client/webauthn-error.js"

const isCeremonyCode = Schema.is(WebAuthnCeremonyCode)

const messageOf = (error: unknown): string =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
    ? error.message
    : ""

/**
 * What a ceremony threw, as a `WebAuthnError`: SimpleWebAuthn's own codes keep their code and message; the
 * plain errors it throws for a missing credential or missing support get the flow codes; anything else
 * is the flow's generic failure ("Failed to start passkey registration" / "Failed to sign in with passkey").
 */
export const ceremonyError = (flow: "registration" | "authentication", error: unknown): WebAuthnError => {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined
  const message = messageOf(error)
  if (isCeremonyCode(code)) return new WebAuthnError(message === "" ? { code } : { code, message })
  if (message === "WebAuthn is not supported in this browser")
    return new WebAuthnError({ code: "WEBAUTHN_UNSUPPORTED" })
  if (message === "Registration was not completed" || message === "Authentication was not completed") {
    return new WebAuthnError({
      code: flow === "registration" ? "REGISTRATION_NOT_COMPLETED" : "AUTHENTICATION_NOT_COMPLETED"
    })
  }
  return new WebAuthnError({ code: flow === "registration" ? "REGISTRATION_FAILED" : "AUTHENTICATION_FAILED" })
}
