/**
 * Ceremony options for passkey registration and sign-in. The relying-party id is the product's placeholder
 * sentinel: the server does not know which hostname the page is served from, so the client replaces the
 * sentinel with `location.hostname` before calling WebAuthn, and verification derives the expected RP id
 * from the origin the browser reports (see `verify.ts`).
 */
import * as Effect from "effect/Effect"
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON
} from "@simplewebauthn/server"
import { PasskeyAuthenticationFailed, PasskeyRegistrationFailed } from "@stackfx/lib/errors/index.js"

/** The relying-party id the server returns; the client must replace it with its hostname. */
export const PASSKEY_RP_ID_SENTINEL = "THIS_VALUE_WILL_BE_REPLACED.example.com"

/** How long the browser ceremony may take, as the hosted service uses. */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 60_000

/** A WebAuthn user id is 1 to 64 bytes. */
export const MAX_USER_ID_BYTES = 64

export interface RegistrationOptionsInput {
  readonly projectDisplayName: string
  /** The user's id; becomes the WebAuthn user handle (its UTF-8 bytes), so one passkey per user and host. */
  readonly userId: string
  readonly userName: string
  readonly userDisplayName: string
  /** Base64url credential ids the authenticator should refuse to register again. */
  readonly excludeCredentialIds?: ReadonlyArray<string> | undefined
  /** A fixed challenge for tests; random otherwise. */
  readonly challenge?: Uint8Array<ArrayBuffer> | undefined
}

/**
 * The algorithms offered for a new passkey: EdDSA, ES256 and RS256, what the service offers (the defaults of the
 * `@simplewebauthn/server` 13 it runs; version 14, ours, would add ML-DSA-44, -48).
 */
const SERVICE_ALGORITHM_IDS = [-8, -7, -257]

/** The service leaves out an empty `hints` list, which `@simplewebauthn/server` writes. */
const withoutEmptyHints = (options: PublicKeyCredentialCreationOptionsJSON): PublicKeyCredentialCreationOptionsJSON => {
  if (options.hints === undefined || options.hints.length > 0) return options
  const { hints: _empty, ...rest } = options
  return rest
}

/** Registration options plus the challenge to keep with the ceremony's code. */
export interface RegistrationCeremony {
  readonly options: PublicKeyCredentialCreationOptionsJSON
  readonly challenge: string
}

/** Options for `navigator.credentials.create`, for a discoverable credential (a passkey). */
export const registrationOptions = (
  input: RegistrationOptionsInput
): Effect.Effect<RegistrationCeremony, PasskeyRegistrationFailed> =>
  Effect.gen(function* () {
    const userID = new TextEncoder().encode(input.userId)
    if (userID.length < 1 || userID.length > MAX_USER_ID_BYTES) {
      return yield* new PasskeyRegistrationFailed({ message: "The user id must be 1 to 64 bytes long." })
    }
    const options = yield* Effect.tryPromise({
      try: () =>
        generateRegistrationOptions({
          rpName: input.projectDisplayName,
          rpID: PASSKEY_RP_ID_SENTINEL,
          userID,
          userName: input.userName,
          userDisplayName: input.userDisplayName,
          attestationType: "none",
          authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
          excludeCredentials: (input.excludeCredentialIds ?? []).map((id) => ({ id })),
          timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
          supportedAlgorithmIDs: SERVICE_ALGORITHM_IDS,
          ...(input.challenge === undefined ? {} : { challenge: input.challenge })
        }),
      catch: () => new PasskeyRegistrationFailed({ message: "Could not create passkey registration options." })
    })
    return { options: withoutEmptyHints(options), challenge: options.challenge }
  })

/** Authentication options plus the challenge to keep with the ceremony's code. */
export interface AuthenticationCeremony {
  readonly options: PublicKeyCredentialRequestOptionsJSON
  readonly challenge: string
}

/**
 * Options for `navigator.credentials.get`. No credentials are listed: passkeys are discoverable, and listing
 * them would reveal which credentials exist before the user is known.
 */
export const authenticationOptions = (
  input: { readonly challenge?: Uint8Array<ArrayBuffer> | undefined } = {}
): Effect.Effect<AuthenticationCeremony, PasskeyAuthenticationFailed> =>
  Effect.map(
    Effect.tryPromise({
      try: () =>
        generateAuthenticationOptions({
          rpID: PASSKEY_RP_ID_SENTINEL,
          allowCredentials: [],
          userVerification: "preferred",
          timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
          ...(input.challenge === undefined ? {} : { challenge: input.challenge })
        }),
      catch: () => new PasskeyAuthenticationFailed({ message: "Could not create passkey authentication options." })
    }),
    (options) => ({ options, challenge: options.challenge })
  )
