/**
 * The members of {@link Passkeys}: each a browser ceremony between two declared calls (contract/passkeys.ts),
 * written by the implementation (passkey-live.ts).
 */
import type * as Effect from "effect/Effect"
import { PasskeysApi } from "../../contract/passkeys.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { WebAuthnError } from "../../errors/client/webauthn-error.js"
import type { CallFailureAt } from "../http/call.js"
import { custom } from "../http/service-calls.js"

/**
 * What a ceremony's two calls can fail with. The bodies are built from the ceremony's own values, so a body
 * that does not fit is a defect, not an `InvalidInput`.
 */
type CeremonyFailure<
  Start extends (typeof PasskeysApi)[keyof typeof PasskeysApi],
  Finish extends (typeof PasskeysApi)[keyof typeof PasskeysApi]
> = WebAuthnError | Exclude<CallFailureAt<Start, "client"> | CallFailureAt<Finish, "client">, InvalidInput>

/** The errors registering a passkey can fail with. */
export type PasskeyRegistrationFailure = CeremonyFailure<
  typeof PasskeysApi.initiateRegistration,
  typeof PasskeysApi.register
>

/** The errors signing in with a passkey can fail with. */
export type PasskeySignInFailure = CeremonyFailure<typeof PasskeysApi.initiateAuthentication, typeof PasskeysApi.signIn>

/** A completed passkey sign-in: the session has started. */
export interface PasskeySignInResult {
  readonly userId: string
  readonly isNewUser: boolean
}

export const PasskeysCalls = {
  /** Adds a passkey to the signed-in user; refresh the user afterwards to see `passkeyAuthEnabled`. */
  register: custom<Effect.Effect<void, PasskeyRegistrationFailure>>("effect", PasskeysApi.register.changes),
  /**
   * Signs in with a passkey. `MultiFactorAuthenticationRequired` carries the attempt code for the TOTP
   * prompt.
   */
  signIn: custom<Effect.Effect<PasskeySignInResult, PasskeySignInFailure>>("effect", PasskeysApi.signIn.changes)
}
