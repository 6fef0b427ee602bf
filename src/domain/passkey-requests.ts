/**
 * Request and answer bodies of the passkey routes (`/auth/passkey/...`). The client encodes its requests
 * with these schemas and the local backend decodes them with the same ones. The ceremony payloads
 * (`credential`, `authenticationResponse`) are the browser's WebAuthn JSON, checked by the verifier, not
 * here. Only the lazily loaded passkey service and the backend import this file.
 */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** `POST /auth/passkey/register` body: the new credential and the code of its registration ceremony. @internal */
export const PasskeyRegisterRequest = wireStruct({ credential: Schema.Unknown, code: Schema.String })
/** @internal */
export type PasskeyRegisterRequest = typeof PasskeyRegisterRequest.Type

/** `POST /auth/passkey/register` answer: the credential's id. @internal */
export const PasskeyRegisterResponse = wireStruct({ userHandle: Schema.String })
/** @internal */
export type PasskeyRegisterResponse = typeof PasskeyRegisterResponse.Type

/** `POST /auth/passkey/sign-in` body: the assertion and the code of its authentication ceremony. @internal */
export const PasskeySignInRequest = wireStruct({ authenticationResponse: Schema.Unknown, code: Schema.String })
/** @internal */
export type PasskeySignInRequest = typeof PasskeySignInRequest.Type

/**
 * `POST /auth/passkey/initiate-passkey-registration` and `/initiate-passkey-authentication` answer: the
 * ceremony's options (WebAuthn JSON, checked by the client's ceremony code, not here) and the code that
 * ties the ceremony's answer to them. @internal
 */
export const PasskeyInitiation = wireStruct({ optionsJson: Schema.Unknown, code: Schema.String })
/** @internal */
export type PasskeyInitiation = typeof PasskeyInitiation.Type
