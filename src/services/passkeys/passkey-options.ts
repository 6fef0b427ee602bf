/**
 * The ceremony options the passkey initiation calls answer (`{ options_json, code }`), decoded into the
 * JSON shapes `@simplewebauthn/browser` takes, and made usable on this page: the service does not know which
 * hostname the page is served from, so it sends a placeholder relying-party id that the client replaces.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON
} from "@simplewebauthn/browser"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { PASSKEY_RP_ID_PLACEHOLDER } from "../../domain/api.js"
import { wireStruct } from "../../domain/wire.js"
import { WebAuthnError } from "../../errors/client/webauthn-error.js"

/** WebAuthn user handles are 1 to 64 bytes. @internal */
export const USER_ID_MIN_BYTES = 1
/** @internal */
export const USER_ID_MAX_BYTES = 64

/**
 * The relying-party id the service puts in every set of options, to be replaced by the page's hostname
 * (the hosted service sends this exact value; anything else means the options are not for this client).
 */
export { PASSKEY_RP_ID_PLACEHOLDER }

const Requirement = Schema.Literals(["discouraged", "preferred", "required"])
const Hints = Schema.Array(Schema.Literals(["hybrid", "security-key", "client-device"])).pipe(Schema.mutable)

const Descriptor = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  transports: Schema.optionalKey(Schema.Array(Schema.String).pipe(Schema.mutable))
})

/** The JSON-representable client extension inputs (PRF carries binary values and is not sent as JSON). */
const Extensions = Schema.Struct({
  appid: Schema.optionalKey(Schema.String),
  credProps: Schema.optionalKey(Schema.Boolean),
  hmacCreateSecret: Schema.optionalKey(Schema.Boolean),
  minPinLength: Schema.optionalKey(Schema.Boolean)
})

/** `PublicKeyCredentialCreationOptionsJSON` (WebAuthn L3). */
export const CreationOptions = Schema.Struct({
  rp: Schema.Struct({ id: Schema.optionalKey(Schema.String), name: Schema.String }),
  user: Schema.Struct({ id: Schema.String, name: Schema.String, displayName: Schema.String }),
  challenge: Schema.String,
  pubKeyCredParams: Schema.Array(Schema.Struct({ alg: Schema.Number, type: Schema.Literal("public-key") })).pipe(
    Schema.mutable
  ),
  timeout: Schema.optionalKey(Schema.Number),
  excludeCredentials: Schema.optionalKey(Schema.Array(Descriptor).pipe(Schema.mutable)),
  authenticatorSelection: Schema.optionalKey(
    Schema.Struct({
      authenticatorAttachment: Schema.optionalKey(Schema.Literals(["platform", "cross-platform"])),
      requireResidentKey: Schema.optionalKey(Schema.Boolean),
      residentKey: Schema.optionalKey(Requirement),
      userVerification: Schema.optionalKey(Requirement)
    })
  ),
  hints: Schema.optionalKey(Hints),
  attestation: Schema.optionalKey(Schema.Literals(["direct", "enterprise", "indirect", "none"])),
  attestationFormats: Schema.optionalKey(
    Schema.Array(
      Schema.Literals(["fido-u2f", "packed", "android-safetynet", "android-key", "tpm", "apple", "none"])
    ).pipe(Schema.mutable)
  ),
  extensions: Schema.optionalKey(Extensions)
})

/** `PublicKeyCredentialRequestOptionsJSON` (WebAuthn L3). */
export const RequestOptions = Schema.Struct({
  challenge: Schema.String,
  timeout: Schema.optionalKey(Schema.Number),
  rpId: Schema.optionalKey(Schema.String),
  allowCredentials: Schema.optionalKey(Schema.Array(Descriptor).pipe(Schema.mutable)),
  userVerification: Schema.optionalKey(Requirement),
  hints: Schema.optionalKey(Hints),
  extensions: Schema.optionalKey(Extensions)
})

/** `POST /auth/passkey/initiate-passkey-registration` answer. */
export const RegistrationInitiation = wireStruct({ optionsJson: CreationOptions, code: Schema.String })
export type RegistrationInitiation = typeof RegistrationInitiation.Type

/** `POST /auth/passkey/initiate-passkey-authentication` answer. */
export const AuthenticationInitiation = wireStruct({ optionsJson: RequestOptions, code: Schema.String })
export type AuthenticationInitiation = typeof AuthenticationInitiation.Type

/** Bytes encoded by a base64url string, or `undefined` when it is not base64url. */
export const base64UrlByteLength = (text: string): number | undefined => {
  const unpadded = text.replace(/={1,2}$/, "")
  if (!/^[A-Za-z0-9_-]*$/.test(unpadded) || unpadded.length % 4 === 1) return undefined
  return Math.floor((unpadded.length * 3) / 4)
}

const placeholderMismatch = (
  code: "REGISTRATION_INITIATION_FAILED" | "AUTHENTICATION_INITIATION_FAILED",
  sent: unknown
) =>
  new WebAuthnError({
    code,
    message:
      `${new WebAuthnError({ code }).message}: expected the relying-party id placeholder ` +
      `${PASSKEY_RP_ID_PLACEHOLDER}, the server sent ${JSON.stringify(sent)}`
  })

/**
 * Registration options for this page: the placeholder relying-party id replaced by `hostname`, and a user
 * handle of 1 to 64 bytes (what authenticators accept).
 */
export const registrationOptionsFor = (
  options: typeof CreationOptions.Type,
  hostname: string
): Result.Result<PublicKeyCredentialCreationOptionsJSON, WebAuthnError> => {
  if (options.rp.id !== PASSKEY_RP_ID_PLACEHOLDER) {
    return Result.fail(placeholderMismatch("REGISTRATION_INITIATION_FAILED", options.rp.id))
  }
  const userIdBytes = base64UrlByteLength(options.user.id)
  if (userIdBytes === undefined || userIdBytes < USER_ID_MIN_BYTES || userIdBytes > USER_ID_MAX_BYTES) {
    return Result.fail(
      new WebAuthnError({
        code: "ERROR_INVALID_USER_ID_LENGTH",
        message:
          `The passkey user id must be ${USER_ID_MIN_BYTES} to ${USER_ID_MAX_BYTES} bytes long` +
          (userIdBytes === undefined ? ", and base64url encoded" : `, the server sent ${userIdBytes}`)
      })
    )
  }
  return Result.succeed({ ...options, rp: { ...options.rp, id: hostname } })
}

/** Authentication options for this page: the placeholder relying-party id replaced by `hostname`. */
export const authenticationOptionsFor = (
  options: typeof RequestOptions.Type,
  hostname: string
): Result.Result<PublicKeyCredentialRequestOptionsJSON, WebAuthnError> =>
  options.rpId === PASSKEY_RP_ID_PLACEHOLDER
    ? Result.succeed({ ...options, rpId: hostname })
    : Result.fail(placeholderMismatch("AUTHENTICATION_INITIATION_FAILED", options.rpId))
