/**
 * The cross-domain sign-in hand-off (`POST /auth/oauth/cross-domain/authorize`): a signed-in app asks for a
 * one-time authorization code bound to a PKCE challenge, for a redirect URI on another of the project's
 * trusted domains (or a native app's URL); the app there redeems it at `/auth/oauth/token` like the code of
 * an OAuth sign-in, and is signed in as the same user.
 */
import * as Schema from "effect/Schema"
import { AbsoluteUrl } from "./absolute-url.js"
import { wireStruct } from "./wire.js"

/** What the hand-off asks for; the limits are the hosted service's. */
export const CrossDomainAuthorizeRequest = wireStruct({
  /** Where the other app receives the code (`?code=…&state=…`): trusted, or a native app's URL. */
  redirectUri: AbsoluteUrl,
  /** Handed back with the code, for the other app to match. */
  state: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(512)),
  /** The PKCE challenge (S256) of a verifier only the other app holds. */
  codeChallenge: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9._~-]{43,128}$/)),
  codeChallengeMethod: Schema.optionalKey(Schema.Literal("S256")),
  /** Where the other app sends the user once signed in: trusted too. */
  afterCallbackRedirectUrl: Schema.optionalKey(AbsoluteUrl)
})
export type CrossDomainAuthorizeRequest = typeof CrossDomainAuthorizeRequest.Type

/** The URL to send the browser to: the redirect URI with the code and the state. */
export const CrossDomainAuthorizeResponse = wireStruct({ redirectUrl: Schema.String })
export type CrossDomainAuthorizeResponse = typeof CrossDomainAuthorizeResponse.Type
