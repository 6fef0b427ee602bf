/** The token answers of the auth endpoints (see docs/wire.md, "Tokens"). */
import * as Schema from "effect/Schema"
import { nullableKey, wireStruct } from "./wire.js"

const sessionFields = { accessToken: Schema.String, refreshToken: Schema.String }

/** `POST /auth/password/sign-in` and `/auth/password/sign-up` answer. @internal */
export const PasswordSignInResponse = wireStruct({ ...sessionFields, userId: Schema.String })
/** @internal */
export type PasswordSignInResponse = typeof PasswordSignInResponse.Type
/** @internal */
export const PasswordSignUpResponse = PasswordSignInResponse
/** @internal */
export type PasswordSignUpResponse = PasswordSignInResponse

/** `POST /auth/otp/sign-in`, `/auth/mfa/sign-in` and `/auth/passkey/sign-in` answer. @internal */
export const SignInResponse = wireStruct({ ...sessionFields, userId: Schema.String, isNewUser: Schema.Boolean })
/** @internal */
export type SignInResponse = typeof SignInResponse.Type
/** @internal */
export const OtpSignInResponse = SignInResponse
/** @internal */
export type OtpSignInResponse = SignInResponse
/** @internal */
export const MfaSignInResponse = SignInResponse
/** @internal */
export type MfaSignInResponse = SignInResponse

/** `POST /auth/otp/send-sign-in-code` answer. @internal */
export const OtpSendResponse = Schema.Struct({ nonce: Schema.String })
/** @internal */
export type OtpSendResponse = typeof OtpSendResponse.Type

/**
 * An RFC 6749 (section 5.1) token answer, where only the access token is required: what
 * `POST /auth/oauth/token` answers a refresh, and what an OAuth provider's token endpoint answers the local
 * backend's code exchange (backend/src/oauth/protocol/oidc-sign-in.ts).
 * @internal
 */
export const OAuthTokenResponse = wireStruct({
  accessToken: Schema.String,
  tokenType: Schema.optionalKey(Schema.String),
  expiresIn: Schema.optionalKey(Schema.Finite),
  refreshToken: Schema.optionalKey(Schema.String),
  scope: Schema.optionalKey(Schema.String),
  idToken: Schema.optionalKey(Schema.String)
})
/** @internal */
export type OAuthTokenResponse = typeof OAuthTokenResponse.Type

/**
 * `POST /auth/oauth/token` with `grant_type=refresh_token`. Only the access token is needed: the refresh
 * token does not rotate, so the other OAuth fields are optional.
 * @internal
 */
export const RefreshTokenResponse = OAuthTokenResponse
/** @internal */
export type RefreshTokenResponse = OAuthTokenResponse

/** `POST /auth/oauth/token` with `grant_type=authorization_code`. @internal */
export const AuthorizationCodeResponse = wireStruct({
  ...sessionFields,
  tokenType: Schema.optionalKey(Schema.String),
  expiresIn: Schema.optionalKey(Schema.Finite),
  scope: Schema.optionalKey(Schema.String),
  isNewUser: Schema.Boolean,
  /** Where the app asked to land after the callback; `null` when it did not ask. */
  afterCallbackRedirectUrl: nullableKey(Schema.String)
})
/** @internal */
export type AuthorizationCodeResponse = typeof AuthorizationCodeResponse.Type

/**
 * What `POST /auth/oauth/token` answers, for either grant it takes: the authorization-code answer (with
 * `isNewUser`) or the refresh answer. @internal
 */
export const TokenEndpointResponse = Schema.Union([AuthorizationCodeResponse, RefreshTokenResponse])
/** @internal */
export type TokenEndpointResponse = typeof TokenEndpointResponse.Type

/** An RFC 6749 error answer of `/auth/oauth/token`. @internal */
export const OAuthErrorResponse = wireStruct({
  error: Schema.String,
  errorDescription: Schema.optionalKey(Schema.String)
})
/** @internal */
export type OAuthErrorResponse = typeof OAuthErrorResponse.Type

/** `POST /auth/sessions` (server) answer. */
export const ServerSessionResponse = wireStruct(sessionFields)
export type ServerSessionResponse = typeof ServerSessionResponse.Type

/** `POST /connected-accounts/{user}/{provider}/access-token` answer: the provider's own token. */
export const ConnectedAccountAccessToken = wireStruct({ accessToken: Schema.String })
export type ConnectedAccountAccessToken = typeof ConnectedAccountAccessToken.Type
