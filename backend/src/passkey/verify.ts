/**
 * Verification of passkey ceremonies. The expected origin is the one the browser reports, accepted only when
 * the project trusts it, and the expected RP id is that origin's hostname (the client put it in place of the
 * sentinel). Every failure is the wire's PASSKEY_REGISTRATION_FAILED or PASSKEY_AUTHENTICATION_FAILED with a
 * message that says which check failed; store failures stay separate so the route can answer 500.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse
} from "@simplewebauthn/server"
import { PasskeyAuthenticationFailed, PasskeyRegistrationFailed } from "@stackfx/lib/errors/index.js"
import { expectedPartyOf, type IsTrustedOrigin } from "./origin.js"
import { AuthenticationResponse, RegistrationResponse } from "./schemas.js"
import type { PasskeyStore, PasskeyStoreError, StoredPasskey } from "./store.js"

const extensions = (r: RegistrationResponse["clientExtensionResults"]) => ({
  ...(r.appid === undefined ? {} : { appid: r.appid }),
  ...(r.credProps === undefined ? {} : { credProps: r.credProps.rk === undefined ? {} : { rk: r.credProps.rk } }),
  ...(r.hmacCreateSecret === undefined ? {} : { hmacCreateSecret: r.hmacCreateSecret })
})

/** The fields both ceremonies' responses share, in the library's JSON form. */
const envelopeJSON = (r: RegistrationResponse | AuthenticationResponse) => ({
  id: r.id,
  rawId: r.rawId,
  type: r.type,
  clientExtensionResults: extensions(r.clientExtensionResults),
  ...(r.authenticatorAttachment === undefined ? {} : { authenticatorAttachment: r.authenticatorAttachment })
})

const toRegistrationJSON = (r: RegistrationResponse): RegistrationResponseJSON => ({
  ...envelopeJSON(r),
  response: {
    clientDataJSON: r.response.clientDataJSON,
    attestationObject: r.response.attestationObject,
    ...(r.response.authenticatorData === undefined ? {} : { authenticatorData: r.response.authenticatorData }),
    ...(r.response.transports === undefined ? {} : { transports: [...r.response.transports] }),
    ...(r.response.publicKeyAlgorithm === undefined ? {} : { publicKeyAlgorithm: r.response.publicKeyAlgorithm }),
    ...(r.response.publicKey === undefined ? {} : { publicKey: r.response.publicKey })
  }
})

const toAuthenticationJSON = (r: AuthenticationResponse): AuthenticationResponseJSON => ({
  ...envelopeJSON(r),
  response: {
    clientDataJSON: r.response.clientDataJSON,
    authenticatorData: r.response.authenticatorData,
    signature: r.response.signature,
    ...(r.response.userHandle === undefined ? {} : { userHandle: r.response.userHandle })
  }
})

/** Decodes a ceremony's response and takes the expected origin and RP id from its client data. */
const decodeCeremony = <S extends typeof RegistrationResponse | typeof AuthenticationResponse, F>(
  schema: S,
  raw: unknown,
  isTrustedOrigin: IsTrustedOrigin,
  fail: (message: string) => F,
  malformed: string
) =>
  Effect.gen(function* () {
    const response: S["Type"] = yield* Schema.decodeUnknownEffect(schema)(raw).pipe(
      Effect.mapError(() => fail(malformed))
    )
    const party = yield* Effect.fromOption(expectedPartyOf(response.response.clientDataJSON, isTrustedOrigin)).pipe(
      Effect.mapError(() => fail("the origin is not trusted by this project."))
    )
    return { response, party }
  })

const reason = (cause: unknown) => (cause instanceof Error ? cause.message : "verification failed")

export interface VerifyRegistrationInput {
  /** The `credential` body field, unvalidated. */
  readonly response: unknown
  /** The challenge kept with the registration code. */
  readonly expectedChallenge: string
  readonly userId: string
  readonly isTrustedOrigin: IsTrustedOrigin
}

/** Verify a registration; on success, the passkey to store (the caller inserts it). */
export const verifyPasskeyRegistration = (
  input: VerifyRegistrationInput
): Effect.Effect<StoredPasskey, PasskeyRegistrationFailed> =>
  Effect.gen(function* () {
    const fail = (message: string) =>
      new PasskeyRegistrationFailed({ message: `Passkey registration failed: ${message}` })
    const { response, party } = yield* decodeCeremony(
      RegistrationResponse,
      input.response,
      input.isTrustedOrigin,
      fail,
      "the credential is malformed."
    )
    const result = yield* Effect.tryPromise({
      try: () =>
        verifyRegistrationResponse({
          response: toRegistrationJSON(response),
          expectedChallenge: input.expectedChallenge,
          expectedOrigin: party.origin,
          expectedRPID: party.rpId,
          requireUserVerification: false
        }),
      catch: (cause) => fail(reason(cause))
    })
    if (!result.verified) return yield* fail("the attestation could not be verified.")
    const credential = result.registrationInfo.credential
    return {
      credentialId: credential.id,
      userId: input.userId,
      publicKey: new Uint8Array(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      rpId: party.rpId
    }
  })

export interface VerifyAuthenticationInput {
  /** The `authentication_response` body field, unvalidated. */
  readonly response: unknown
  /** The challenge kept with the authentication code. */
  readonly expectedChallenge: string
  readonly isTrustedOrigin: IsTrustedOrigin
  readonly store: PasskeyStore
}

/** A verified sign-in: who signed in, with which passkey. The stored counter is already updated. */
export interface PasskeySignIn {
  readonly userId: string
  readonly credentialId: string
  readonly newCounter: number
}

/** Verify a sign-in assertion against the stored passkey and advance its counter. */
export const verifyPasskeyAuthentication = (
  input: VerifyAuthenticationInput
): Effect.Effect<PasskeySignIn, PasskeyAuthenticationFailed | PasskeyStoreError> =>
  Effect.gen(function* () {
    const fail = (message: string) => new PasskeyAuthenticationFailed({ message: `Passkey sign-in failed: ${message}` })
    const { response, party } = yield* decodeCeremony(
      AuthenticationResponse,
      input.response,
      input.isTrustedOrigin,
      fail,
      "the assertion is malformed."
    )
    const stored = yield* input.store.findByCredentialId(response.id)
    if (stored === undefined) return yield* fail("this passkey is not registered.")
    if (stored.rpId !== party.rpId) return yield* fail("this passkey belongs to another host.")
    const userHandle = response.response.userHandle
    if (
      userHandle !== undefined &&
      userHandle !== "" &&
      userHandle !== Buffer.from(stored.userId).toString("base64url")
    ) {
      return yield* fail("the passkey's user does not match.")
    }
    const result = yield* Effect.tryPromise({
      try: () =>
        verifyAuthenticationResponse({
          response: toAuthenticationJSON(response),
          expectedChallenge: input.expectedChallenge,
          expectedOrigin: party.origin,
          expectedRPID: party.rpId,
          credential: {
            id: stored.credentialId,
            publicKey: stored.publicKey,
            counter: stored.counter,
            transports: [...stored.transports]
          },
          requireUserVerification: false
        }),
      catch: (cause) => fail(reason(cause))
    })
    if (!result.verified) return yield* fail("the signature is invalid.")
    yield* input.store.updateCounter(stored.credentialId, result.authenticationInfo.newCounter)
    return {
      userId: stored.userId,
      credentialId: stored.credentialId,
      newCounter: result.authenticationInfo.newCounter
    }
  })
