/**
 * The JSON a browser sends after a WebAuthn ceremony (the shape `@simplewebauthn/browser` produces), decoded
 * at the edge so verification only sees well-formed input. Unknown extension outputs are dropped.
 */
import * as Schema from "effect/Schema"

const Base64Url = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]*=*$/))

const ClientExtensionResults = Schema.Struct({
  appid: Schema.optionalKey(Schema.Boolean),
  credProps: Schema.optionalKey(Schema.Struct({ rk: Schema.optionalKey(Schema.Boolean) })),
  hmacCreateSecret: Schema.optionalKey(Schema.Boolean)
})

const Attachment = Schema.Literals(["platform", "cross-platform"])

/** The envelope both ceremonies' responses share around their own `response` part. */
const ceremonyResponse = <Response extends Schema.Top>(response: Response) =>
  Schema.Struct({
    id: Base64Url,
    rawId: Base64Url,
    response,
    authenticatorAttachment: Schema.optionalKey(Attachment),
    clientExtensionResults: ClientExtensionResults,
    type: Schema.Literal("public-key")
  })

/** `RegistrationResponseJSON`: the `credential` of `POST /auth/passkey/register`. */
export const RegistrationResponse = ceremonyResponse(
  Schema.Struct({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    authenticatorData: Schema.optionalKey(Base64Url),
    transports: Schema.optionalKey(Schema.Array(Schema.String)),
    publicKeyAlgorithm: Schema.optionalKey(Schema.Number),
    publicKey: Schema.optionalKey(Base64Url)
  })
)
export type RegistrationResponse = typeof RegistrationResponse.Type

/** `AuthenticationResponseJSON`: the `authentication_response` of `POST /auth/passkey/sign-in`. */
export const AuthenticationResponse = ceremonyResponse(
  Schema.Struct({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Schema.optionalKey(Base64Url)
  })
)
export type AuthenticationResponse = typeof AuthenticationResponse.Type

/** The part of the client data that verification needs before it can pick the expected origin. */
export const ClientData = Schema.Struct({
  type: Schema.String,
  challenge: Schema.String,
  origin: Schema.String
})
export type ClientData = typeof ClientData.Type
