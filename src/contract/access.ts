/** The access-type lists declarations name in `access`: every tier, the secret-key tiers, the admin tier. */
import type { KnownErrorTag } from "../errors/known/registry.js"

/** Any caller with a project key: client, server or admin. */
export const ALL = ["client", "server", "admin"] as const
/** Callers holding the server secret (or an admin credential). */
export const SERVER = ["server", "admin"] as const
/** Dashboard and admin callers only. */
export const ADMIN = ["admin"] as const

/**
 * The known errors every admin call can answer while its admin access token is checked (a signed-in owner's
 * access token expires, and ownership can end): admin declarations list them. A misconfigured super-secret
 * admin key is a setup error and stays an `UnexpectedKnownError`.
 */
export const ADMIN_TOKEN_ERRORS = [
  "UnparsableAdminAccessToken",
  "AdminAccessTokenExpired",
  "InvalidProjectForAdminAccessToken",
  "AdminAccessTokenIsNotAdmin"
] as const satisfies ReadonlyArray<KnownErrorTag>
