/**
 * The access-type lists routes declare in `access`: every tier, the secret-key tiers, the admin tier.
 * One definition so a route's reach reads the same in every file.
 */
import type { AccessType } from "@stackfx/lib/domain/api.js"

/** Dashboard/admin callers only. */
export const ADMIN: ReadonlyArray<AccessType> = ["admin"]
