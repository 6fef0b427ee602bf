/**
 * The browser half of a passkey: `@simplewebauthn/browser`'s ceremonies behind a Reference, so Node tests
 * (and non-browser hosts) can put a software authenticator in their place. What those ceremonies throw is
 * mapped onto `WebAuthnError` in passkey-ceremony-error.ts, which only the passkey implementation loads.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON
} from "@simplewebauthn/browser"
import * as Context from "effect/Context"

/** What the passkey flow needs from the browser. */
export interface WebAuthnBrowser {
  /** Whether the page can run WebAuthn at all. */
  readonly isSupported: () => boolean
  /** The page's hostname, which becomes the relying-party id; `undefined` outside a browser. */
  readonly hostname: () => string | undefined
  readonly startRegistration: (options: PublicKeyCredentialCreationOptionsJSON) => Promise<RegistrationResponseJSON>
  readonly startAuthentication: (options: PublicKeyCredentialRequestOptionsJSON) => Promise<AuthenticationResponseJSON>
}

/**
 * SimpleWebAuthn is fetched with the first ceremony (a chunk of its own for the app's bundler), so a page
 * that never registers or signs in with a passkey does not ship it. A failed fetch fails that ceremony.
 */
const simpleWebAuthn = () => import("@simplewebauthn/browser")

/** The real browser: `PublicKeyCredential`, `location.hostname` and SimpleWebAuthn's ceremonies. */
export const browserWebAuthn: WebAuthnBrowser = {
  isSupported: () =>
    typeof (globalThis as { readonly PublicKeyCredential?: unknown }).PublicKeyCredential === "function",
  hostname: () => (globalThis as { readonly location?: { readonly hostname?: string } }).location?.hostname,
  startRegistration: (optionsJSON) => simpleWebAuthn().then((browser) => browser.startRegistration({ optionsJSON })),
  startAuthentication: (optionsJSON) => simpleWebAuthn().then((browser) => browser.startAuthentication({ optionsJSON }))
}

/** `Effect.provideService(WebAuthn, softAuthenticator)` swaps the browser out. */
export const WebAuthn = /* @__PURE__ */ Context.Reference<WebAuthnBrowser>("stackfx/WebAuthn", {
  defaultValue: () => browserWebAuthn
})
