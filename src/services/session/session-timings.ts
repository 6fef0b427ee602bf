/** The timings of the session and of the tabs that share it. */

/** An access token counts as likely valid only if it stays valid for at least this long. @internal */
export const TOKEN_FRESHNESS_MARGIN_MS = 20_000
/** A caller-required freshness must be strictly below this (tokens live longer than that on purpose). @internal */
export const MAX_REQUIRED_FRESHNESS_MS = 60_000
/** How often a cookie-backed token store looks for changes made by other tabs. @internal */
export const COOKIE_STORE_POLL_MS = 100
