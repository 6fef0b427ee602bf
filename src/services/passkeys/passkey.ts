/**
 * Passkeys (sign-in and registration). Registration: ask the service for ceremony options, fill in this
 * page's hostname, run the browser ceremony, send the credential with the ceremony's code; the caller then
 * refreshes the user. Sign-in: the same with an authentication ceremony, and the answer starts the session.
 * Its members are declared in passkey-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { PasskeysMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Session } from "../session/session.js"
import type { Transport } from "../http/transport.js"
import type { PasskeysCalls } from "./passkey-calls.js"

export { PASSKEY_RP_ID_PLACEHOLDER } from "../../domain/api.js"
export { WebAuthn, type WebAuthnBrowser } from "./passkey-ceremony.js"
export type { PasskeyRegistrationFailure, PasskeySignInFailure, PasskeySignInResult } from "./passkey-calls.js"

/** What the Passkeys service offers; see its tag for the rules. */
export type PasskeysShape = ShapeOf<typeof PasskeysCalls>

/** Passkey registration and sign-in of a client tier. */
export class Passkeys extends Context.Service<Passkeys, PasskeysShape>()("stackfx/Passkeys") {
  static readonly layer: Layer.Layer<Passkeys, never, Transport | Session> = lazyLayer(Passkeys, PasskeysMembers, () =>
    import("../live.js").then((m) => m.makePasskeys)
  )
}
