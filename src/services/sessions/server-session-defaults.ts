/** Lifetime of a session created by server code (`POST /auth/sessions`) when none is given: one year. */
export const DEFAULT_SERVER_SESSION_EXPIRY_MS = 31_536_000_000
