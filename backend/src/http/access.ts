/**
 * The access-type lists routes declare in `access`: every tier, the secret-key tiers, the admin tier.
 * One definition so a route's reach reads the same in every file.
 */
import type { AccessType } from "@stackfx/lib/domain/api.js"

/** Any caller with a project key: client, server or admin. */
export const ALL: ReadonlyArray<AccessType> = ["client", "server", "admin"]
/** Callers holding the server secret (or an admin credential). */
export const SERVER: ReadonlyArray<AccessType> = ["server", "admin"]
/** Dashboard/admin callers only. */
export const ADMIN: ReadonlyArray<AccessType> = ["admin"]
