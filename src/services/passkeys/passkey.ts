/**
 * Passkeys (sign-in and registration). Registration: ask the service for ceremony options, fill in this
 * page's hostname, run the browser ceremony, send the credential with the ceremony's code; the caller then
 * refreshes the user. Sign-in: the same with an authentication ceremony, and the answer starts the session.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { WebAuthnError } from "../../errors/client/webauthn-error.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Session } from "../session/session.js"
import type { Transport } from "../http/transport.js"
import type { PasskeysErrors } from "./passkey-errors.js"

export { PASSKEY_RP_ID_PLACEHOLDER } from "../../domain/api.js"
export { WebAuthn, type WebAuthnBrowser } from "./passkey-ceremony.js"

/** The errors registering a passkey can fail with. */
export type PasskeyRegistrationFailure = WebAuthnError | FailureOf<typeof PasskeysErrors, "register">

/** The errors signing in with a passkey can fail with. */
export type PasskeySignInFailure = WebAuthnError | FailureOf<typeof PasskeysErrors, "signIn">

/** A completed passkey sign-in: the session has started. */
export interface PasskeySignInResult {
  readonly userId: string
  readonly isNewUser: boolean
}

/** What the Passkeys service offers; see its tag for the rules. */
export interface PasskeysShape {
  /** Adds a passkey to the signed-in user; refresh the user afterwards to see `passkeyAuthEnabled`. */
  readonly register: Effect.Effect<void, PasskeyRegistrationFailure>
  /**
   * Signs in with a passkey. `MultiFactorAuthenticationRequired` carries the attempt code for the TOTP
   * prompt.
   */
  readonly signIn: Effect.Effect<PasskeySignInResult, PasskeySignInFailure>
}

/** Passkey registration and sign-in of a client tier. */
export class Passkeys extends Context.Service<Passkeys, PasskeysShape>()("stackfx/Passkeys") {
  static readonly layer: Layer.Layer<Passkeys, never, Transport | Session> = lazyLayer(
    Passkeys,
    { register: "effect", signIn: "effect" },
    () => import("../live.js").then((m) => m.makePasskeys)
  )
}
