/**
 * Whether an API key set still works. Precedence, as the hosted SDK decides it: an expired key is
 * reported as expired even when it was also revoked, because expiry is a fact of the key itself while
 * revocation is an admin action that may have come later.
 */

export type ApiKeyValidity =
  | { readonly _tag: "Valid" }
  | { readonly _tag: "Expired"; readonly expiredAt: Date }
  | { readonly _tag: "ManuallyRevoked"; readonly revokedAt: Date }

/** The part of a key set the rule reads; `ApiKey` and `ApiKeyCreated` fit. */
export interface ApiKeyTimes {
  readonly expiresAt: Date
  readonly manuallyRevokedAt: Date | null
}

/**
 * Expired when the expiry lies strictly before `now`; otherwise revoked when a revocation time is set;
 * otherwise valid. `now` comes from the caller (Effect `Clock`), never from the wall clock here.
 */
export const apiKeyValidity = (key: ApiKeyTimes, now: Date | number): ApiKeyValidity => {
  const nowMs = typeof now === "number" ? now : now.getTime()
  if (key.expiresAt.getTime() < nowMs) return { _tag: "Expired", expiredAt: key.expiresAt }
  if (key.manuallyRevokedAt !== null) return { _tag: "ManuallyRevoked", revokedAt: key.manuallyRevokedAt }
  return { _tag: "Valid" }
}

/** Whether an API key is usable at `now`: neither expired nor revoked. */
export const isApiKeyValid = (key: ApiKeyTimes, now: Date | number): boolean =>
  apiKeyValidity(key, now)._tag === "Valid"

/** The hosted SDK's `whyInvalid()` spelling. */
export const whyApiKeyInvalid = (key: ApiKeyTimes, now: Date | number): "expired" | "manually-revoked" | null => {
  const validity = apiKeyValidity(key, now)
  return validity._tag === "Expired" ? "expired" : validity._tag === "ManuallyRevoked" ? "manually-revoked" : null
}

/** The part of a user's or team's key the rule reads; `UserApiKey`, `TeamApiKey` and their created forms fit. */
export interface UserTeamApiKeyTimes {
  readonly expiresAt: Date | null
  readonly manuallyRevokedAt: Date | null
}

/**
 * Whether a user's or team's key still works at `now`. The hosted service decides these the other way round
 * from project key sets: its key check refuses a revoked key as revoked before it looks at the expiry
 * (API_KEY_REVOKED, then API_KEY_EXPIRED), and its SDK's `whyInvalid()` says "manually-revoked" first too. A
 * key with no expiry never expires; one expiring exactly at `now` still works (expired is strictly before).
 * The local backend's check and the client both use this, so they cannot disagree.
 */
export const userTeamApiKeyValidity = (key: UserTeamApiKeyTimes, now: Date | number): ApiKeyValidity => {
  const nowMs = typeof now === "number" ? now : now.getTime()
  if (key.manuallyRevokedAt !== null) return { _tag: "ManuallyRevoked", revokedAt: key.manuallyRevokedAt }
  if (key.expiresAt !== null && key.expiresAt.getTime() < nowMs) return { _tag: "Expired", expiredAt: key.expiresAt }
  return { _tag: "Valid" }
}

/** The former name of `UserTeamApiKeyTimes`. @deprecated Use `UserTeamApiKeyTimes`. */
export type ProjectApiKeyTimes = UserTeamApiKeyTimes
/** The former name of `userTeamApiKeyValidity`. @deprecated Use `userTeamApiKeyValidity`. */
export const projectApiKeyValidity = userTeamApiKeyValidity
