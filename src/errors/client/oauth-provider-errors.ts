/**
 * What the linked-provider endpoints (`/oauth-providers`) refuse without a known error: the hosted service
 * answers these with plain-text statuses, so the client names them (from the status and the hosted text)
 * and a caller matches them by tag like any other failure. `Data` errors, not Schema ones: only the lazily
 * loaded implementation builds them.
 */
import * as Data from "effect/Data"

/**
 * The user has no linked provider with this id (removed, never linked, another user's or another project's).
 * Hosted: a plain 404 `OAuth provider {id} for user {user} not found`.
 */
export class OAuthProviderNotFound extends Data.TaggedError("OAuthProviderNotFound")<{
  readonly providerId: string
  readonly message: string
}> {}

/**
 * A server link (`ServerOAuthProviders.create`) named a provider the project has not configured.
 * Hosted: a plain 404 `OAuth provider {provider_config_id} not found or not configured`.
 */
export class OAuthProviderNotConfigured extends Data.TaggedError("OAuthProviderNotConfigured")<{
  readonly providerConfigId: string
  readonly message: string
}> {}

/** Why the service refused a link or a change as a conflict with another of the user's links. */
export type OAuthProviderConflictReason =
  /** Another account of the same provider already signs the user in (at most one may). */
  | "sign-in-already-enabled"
  /** The user already has this very provider account linked. */
  | "account-already-linked"

/**
 * The change would break a rule the service keeps between a user's links. Hosted: a plain 400, `The same
 * provider type with sign-in enabled already exists for this user.` or `The same provider type with the same
 * account ID already exists for this user.`
 */
export class OAuthProviderConflict extends Data.TaggedError("OAuthProviderConflict")<{
  readonly reason: OAuthProviderConflictReason
  readonly message: string
}> {}
