/**
 * Texts of the handler pages that apps and tests compare against, in a module of their own: the entry
 * `stackfx/react/handler` exports them, and a page module it reached for them would ship with every app's first
 * load (the bundler loads whatever the entry reaches statically and any lazy page uses).
 */

/** The hosted dashboard at its canonical host since the rename (the old app.stack-auth.com redirects), where the production-mode fix link of an error points by default. */
export const DEFAULT_DASHBOARD_URL = "https://app.hexclave.com"

/** What the MFA prompt of the OAuth callback says after a wrong code. */
export const OAUTH_INVALID_TOTP_MESSAGE = "Invalid TOTP code. Please try signing in again."

/** What the OAuth callback page says when finishing the flow failed. */
export const OAUTH_CALLBACK_FAILED_MESSAGE = "Error signing in during OAuth callback. Please try again."
