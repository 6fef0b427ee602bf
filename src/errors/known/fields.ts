import * as Schema from "effect/Schema"

/** Detail field schemas shared by several known errors. */
export const AccessType = Schema.Literals(["client", "server", "admin"])

/** Why a user is restricted (e.g. anonymous, or email not verified); null when it is not known. */
export const RestrictedReason = Schema.NullOr(Schema.Struct({ type: Schema.String }))

/** Expiry instants; servers send null (or leave it out) when the expiry is not known. */
export const ExpiredAtMillis = Schema.optionalKey(Schema.NullOr(Schema.Finite))

export const PermissionScope = Schema.Literals(["team", "project"])
