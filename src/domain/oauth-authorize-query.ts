/**
 * The query of `GET /auth/oauth/authorize/{provider}`, the URL a browser is sent to to start an OAuth
 * sign-in or link (the client builds it, services/oauth/oauth-url.ts; the local backend reads it).
 */
import * as Schema from "effect/Schema"
import { AbsoluteUrl } from "./rules/absolute-url.js"
import { codeVerifierPattern } from "./rules/pkce.js"

const NonEmpty = Schema.String.check(Schema.isNonEmpty())

/** The query of the authorize call; `error_redirect_uri` is the hosted service's newer name. */
export const AuthorizeQuery = Schema.Struct({
  client_id: Schema.String,
  client_secret: Schema.String,
  redirect_uri: NonEmpty,
  scope: Schema.optionalKey(Schema.String),
  state: NonEmpty,
  grant_type: Schema.Literal("authorization_code"),
  // An S256 challenge is base64url without padding; RFC 7636 allows 43 to 128 characters.
  code_challenge: Schema.String.check(Schema.isPattern(codeVerifierPattern)),
  code_challenge_method: Schema.Literal("S256"),
  response_type: Schema.Literal("code"),
  type: Schema.optionalKey(Schema.Literals(["authenticate", "link"])),
  token: Schema.optionalKey(Schema.String),
  provider_scope: Schema.optionalKey(Schema.String),
  error_redirect_url: Schema.optionalKey(NonEmpty),
  error_redirect_uri: Schema.optionalKey(NonEmpty),
  // Absolute (SCHEMA_ERROR otherwise) and trusted, as the hosted service checks it.
  after_callback_redirect_url: Schema.optionalKey(AbsoluteUrl)
})
