import * as Schema from "effect/Schema"

/** Why the OAuth flow cannot run in this environment. */
export const OAuthUnavailableReason = Schema.Literals([
  "admin-session",
  "no-document",
  "no-web-crypto",
  "no-current-url"
])
export type OAuthUnavailableReason = typeof OAuthUnavailableReason.Type

const messages: { readonly [K in OAuthUnavailableReason]: string } = {
  "admin-session": "OAuth is not supported with an admin session token.",
  "no-document": "OAuth needs a browser document to keep its code verifier in a cookie.",
  "no-web-crypto": "OAuth needs Web Crypto (crypto.subtle), which browsers offer only on https pages and localhost.",
  "no-current-url": "A relative OAuth redirect URL needs the current page's URL to resolve against."
}

/**
 * The OAuth flow cannot start or finish here: an admin session token is configured (OAuth is not
 * supported with it), or the browser pieces the flow relies on are missing (server-side rendering).
 */
export class OAuthNotAvailable extends Schema.TaggedError<OAuthNotAvailable>()("OAuthNotAvailable", {
  reason: OAuthUnavailableReason,
  message: Schema.String
}) {
  constructor(
    props: { readonly reason: OAuthUnavailableReason; readonly message?: string },
    options?: Schema.MakeOptions
  ) {
    super({ ...props, message: props.message ?? messages[props.reason] }, options)
  }
}
