/** The access-type lists declarations name in `access`: every tier, the secret-key tiers, the admin tier. */

/** Any caller with a project key: client, server or admin. */
export const ALL = ["client", "server", "admin"] as const
/** Callers holding the server secret (or an admin credential). */
export const SERVER = ["server", "admin"] as const
/** Dashboard and admin callers only. */
export const ADMIN = ["admin"] as const
