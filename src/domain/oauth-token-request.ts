/**
 * The form bodies of `POST /auth/oauth/token` (docs/wire.md "Tokens"): the refresh grant a session sends to
 * renew its access token, and the authorization-code grant that ends an OAuth sign-in. The client builds
 * them typed by these schemas (a type-only import: nothing here runs on the client's first load) and the
 * local backend reads them with `OAuthTokenForm`. Form fields keep the wire's snake_case names.
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"

/** `grant_type=refresh_token`: the session's refresh token, and the client's credentials. */
export const RefreshTokenGrant = Schema.Struct({
  grant_type: Schema.Literal("refresh_token"),
  refresh_token: Schema.String,
  /** The project id. */
  client_id: Schema.String,
  /** A publishable client key (the public-client sentinel for a project without one). */
  client_secret: Schema.String
})
export type RefreshTokenGrant = typeof RefreshTokenGrant.Type

/** `grant_type=authorization_code`: the code of an OAuth callback, with the PKCE verifier it was asked for. */
export const AuthorizationCodeGrant = Schema.Struct({
  grant_type: Schema.Literal("authorization_code"),
  code: Schema.String,
  code_verifier: Schema.String,
  /** The callback URL the code was issued for, without its OAuth parameters. */
  redirect_uri: Schema.String,
  client_id: Schema.String,
  client_secret: Schema.String
})
export type AuthorizationCodeGrant = typeof AuthorizationCodeGrant.Type

/**
 * What the token endpoint reads: any grant's fields, each optional, so that an unknown grant or a missing
 * field is answered the OAuth way (`unsupported_grant_type`, `invalid_request`), not as a schema error. Other
 * form fields are taken and not read, as the service's token route takes them (its body schema is open: OAuth
 * clients send extras such as `scope`).
 */
export const OAuthTokenForm = Schema.StructWithRest(
  Schema.Struct({
    ...Struct.map(RefreshTokenGrant.fields, Schema.optionalKey),
    ...Struct.map(AuthorizationCodeGrant.fields, Schema.optionalKey),
    grant_type: Schema.String
  }),
  [Schema.Record(Schema.String, Schema.String)]
)
export type OAuthTokenForm = typeof OAuthTokenForm.Type
