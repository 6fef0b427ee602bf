/**
 * The browser half of a passkey: `@simplewebauthn/browser`'s ceremonies behind a Reference, so Node tests
 * (and non-browser hosts) can put a software authenticator in their place, and the mapping of what those
 * ceremonies throw onto `WebAuthnError` with SPEC.md's codes and messages.
 */
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration
} from "@simplewebauthn/browser"
import * as Context from "effect/Context"
import * as Schema from "effect/Schema"
import { WebAuthnCeremonyCode, WebAuthnError } from "../errors/client/webauthn-error.js"

/** What the passkey flow needs from the browser. */
export interface WebAuthnBrowser {
  /** Whether the page can run WebAuthn at all. */
  readonly isSupported: () => boolean
  /** The page's hostname, which becomes the relying-party id; `undefined` outside a browser. */
  readonly hostname: () => string | undefined
  readonly startRegistration: (options: PublicKeyCredentialCreationOptionsJSON) => Promise<RegistrationResponseJSON>
  readonly startAuthentication: (options: PublicKeyCredentialRequestOptionsJSON) => Promise<AuthenticationResponseJSON>
}

/** The real browser: `PublicKeyCredential`, `location.hostname` and SimpleWebAuthn's ceremonies. */
export const browserWebAuthn: WebAuthnBrowser = {
  isSupported: () => typeof (globalThis as { readonly PublicKeyCredential?: unknown }).PublicKeyCredential === "function",
  hostname: () => (globalThis as { readonly location?: { readonly hostname?: string } }).location?.hostname,
  startRegistration: (optionsJSON) => startRegistration({ optionsJSON }),
  startAuthentication: (optionsJSON) => startAuthentication({ optionsJSON })
}

/** `Effect.provideService(WebAuthn, softAuthenticator)` swaps the browser out. */
export const WebAuthn = Context.Reference<WebAuthnBrowser>("stackfx/WebAuthn", { defaultValue: () => browserWebAuthn })

const isCeremonyCode = Schema.is(WebAuthnCeremonyCode)

const messageOf = (error: unknown): string =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
    ? error.message
    : ""

/**
 * What a ceremony threw, as a `WebAuthnError`: SimpleWebAuthn's own codes keep their code and message; the
 * plain errors it throws for a missing credential or missing support get SPEC.md's flow codes; anything else
 * is the flow's generic failure ("Failed to start passkey registration" / "Failed to sign in with passkey").
 */
export const ceremonyError = (flow: "registration" | "authentication", error: unknown): WebAuthnError => {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined
  const message = messageOf(error)
  if (isCeremonyCode(code)) return new WebAuthnError(message === "" ? { code } : { code, message })
  if (message === "WebAuthn is not supported in this browser") return new WebAuthnError({ code: "WEBAUTHN_UNSUPPORTED" })
  if (message === "Registration was not completed" || message === "Authentication was not completed") {
    return new WebAuthnError({ code: flow === "registration" ? "REGISTRATION_NOT_COMPLETED" : "AUTHENTICATION_NOT_COMPLETED" })
  }
  return new WebAuthnError({ code: flow === "registration" ? "REGISTRATION_FAILED" : "AUTHENTICATION_FAILED" })
}
