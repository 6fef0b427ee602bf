/**
 * The query of `GET /auth/oauth/authorize/{provider}`, the URL a browser is sent to to start an OAuth
 * sign-in or link (the client builds it, services/oauth/oauth-url.ts; the local backend reads it).
 */
import * as Schema from "effect/Schema"
import { AbsoluteUrl } from "./absolute-url.js"

/** How the authorize call answers: a redirect (the browser-direct flow, the default) or `{ location }` JSON. */
const ResponseMode = Schema.optionalKey(Schema.Literals(["json", "redirect"]))

/**
 * The query of the authorize call, as the hosted service reads it: its own fields typed, the OAuth fields
 * only required (the service does not check the challenge's form or method here; the token call does),
 * `error_redirect_uri` its newer name for `error_redirect_url`, the bot-challenge fields of a sign-up, and the
 * response mode under its old and new (Hexclave) names.
 */
export const AuthorizeQuery = Schema.Struct({
  client_id: Schema.String,
  client_secret: Schema.String,
  redirect_uri: AbsoluteUrl,
  scope: Schema.String,
  state: Schema.String,
  grant_type: Schema.Literal("authorization_code"),
  code_challenge: Schema.String,
  code_challenge_method: Schema.String,
  response_type: Schema.String,
  type: Schema.optionalKey(Schema.Literals(["authenticate", "link"])),
  token: Schema.optionalKey(Schema.String),
  provider_scope: Schema.optionalKey(Schema.String),
  error_redirect_url: Schema.optionalKey(AbsoluteUrl),
  error_redirect_uri: Schema.optionalKey(AbsoluteUrl),
  // Absolute (SCHEMA_ERROR otherwise) and trusted, as the hosted service checks it.
  after_callback_redirect_url: Schema.optionalKey(AbsoluteUrl),
  stack_response_mode: ResponseMode,
  hexclave_response_mode: ResponseMode,
  bot_challenge_token: Schema.optionalKey(Schema.String),
  bot_challenge_phase: Schema.optionalKey(Schema.Literals(["invisible", "visible"])),
  bot_challenge_unavailable: Schema.optionalKey(Schema.Literal("true"))
})
