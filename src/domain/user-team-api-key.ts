/**
 * API keys of users and teams (`/user-api-keys`, `/team-api-keys`), as the hosted service has them: a key
 * belongs to one user or one team, its full value is answered once (by the create) and afterwards only its
 * last four characters. The project config's `allow_user_api_keys` and `allow_team_api_keys` switch them on.
 *
 * The hosted service leaves `expires_at_millis` out of a key that never expires and
 * `manually_revoked_at_millis` out of one never revoked; both decode to `null` here.
 */
import * as Schema from "effect/Schema"
import { absentUnlessSet, ApiKeyLastFour } from "./api-key.js"
import { Millis, nullableKey, wireStruct } from "./wire.js"

/** Whether a key is a user's or a team's (the wire's `type`). */
export type UserTeamApiKeyType = "user" | "team"

const baseFields = {
  id: Schema.String,
  description: Schema.String,
  /** `null` for a key that never expires. */
  expiresAt: nullableKey(Millis),
  /** `null` unless the key was revoked. */
  manuallyRevokedAt: nullableKey(Millis),
  createdAt: Millis,
  /** A public key (`pk_…`) may be shown to others; the default is a secret one (`sk_…`). */
  isPublic: Schema.Boolean
}
const baseOverrides = {
  expiresAt: "expires_at_millis",
  manuallyRevokedAt: "manually_revoked_at_millis",
  createdAt: "created_at_millis"
} as const

const userFields = { type: Schema.Literal("user"), userId: Schema.String }
const teamFields = { type: Schema.Literal("team"), teamId: Schema.String }

/** A user's key as listed, read and checked: `value.lastFour` only. */
export const UserApiKey = wireStruct({ ...baseFields, ...userFields, value: ApiKeyLastFour }, baseOverrides)
export type UserApiKey = typeof UserApiKey.Type

/** The create answer: the only time the full key (`value`) is shown. */
export const UserApiKeyCreated = wireStruct({ ...baseFields, ...userFields, value: Schema.String }, baseOverrides)
export type UserApiKeyCreated = typeof UserApiKeyCreated.Type

/** A team's key as listed, read and checked: `value.lastFour` only. */
export const TeamApiKey = wireStruct({ ...baseFields, ...teamFields, value: ApiKeyLastFour }, baseOverrides)
export type TeamApiKey = typeof TeamApiKey.Type

/** The create answer of a team key, the only time its full value is shown. */
export const TeamApiKeyCreated = wireStruct({ ...baseFields, ...teamFields, value: Schema.String }, baseOverrides)
export type TeamApiKeyCreated = typeof TeamApiKeyCreated.Type

/**
 * The hosted service's answers: `expires_at_millis` and `manually_revoked_at_millis` are left out while
 * `null` (the same decoded types as above). The declarations' successes (contract/user-team-api-keys.ts).
 */
const hostedFields = { ...baseFields, expiresAt: absentUnlessSet, manuallyRevokedAt: absentUnlessSet }

/** {@link UserApiKey} as the hosted service answers it. @internal */
export const HostedUserApiKey = wireStruct({ ...hostedFields, ...userFields, value: ApiKeyLastFour }, baseOverrides)
/** {@link UserApiKeyCreated} as the hosted service answers it. @internal */
export const HostedUserApiKeyCreated = wireStruct(
  { ...hostedFields, ...userFields, value: Schema.String },
  baseOverrides
)
/** {@link TeamApiKey} as the hosted service answers it. @internal */
export const HostedTeamApiKey = wireStruct({ ...hostedFields, ...teamFields, value: ApiKeyLastFour }, baseOverrides)
/** {@link TeamApiKeyCreated} as the hosted service answers it. @internal */
export const HostedTeamApiKeyCreated = wireStruct(
  { ...hostedFields, ...teamFields, value: Schema.String },
  baseOverrides
)

const inputFields = {
  description: Schema.String,
  expiresAt: Schema.NullOr(Millis),
  isPublic: Schema.optionalKey(Schema.Boolean)
}
const inputOverrides = { expiresAt: "expires_at_millis" } as const

/** What a new key is: a description, an expiry (`null`: never) and whether it is public (default false). */
export const UserTeamApiKeyInput = wireStruct(inputFields, inputOverrides)
export type UserTeamApiKeyInput = typeof UserTeamApiKeyInput.Type

/** `POST /user-api-keys` body: the input and the owner (`"me"` or a user id; another user's only from a server). @internal */
export const UserApiKeyCreate = wireStruct({ userId: Schema.String, ...inputFields }, inputOverrides)
/** The body, decoded. @internal */
export type UserApiKeyCreate = typeof UserApiKeyCreate.Type

/** `POST /team-api-keys` body. @internal */
export const TeamApiKeyCreate = wireStruct({ teamId: Schema.String, ...inputFields }, inputOverrides)
/** The body, decoded. @internal */
export type TeamApiKeyCreate = typeof TeamApiKeyCreate.Type

/**
 * `PATCH /user-api-keys/{id}` and `/team-api-keys/{id}` body. Revocation is `{ revoked: true }` (`false` is
 * refused) and cannot be undone; revoking again keeps the first time.
 */
export const UserTeamApiKeyUpdate = Schema.Struct({
  description: Schema.optionalKey(Schema.String),
  revoked: Schema.optionalKey(Schema.Literal(true))
})
export type UserTeamApiKeyUpdate = typeof UserTeamApiKeyUpdate.Type

/** `POST /user-api-keys/check` and `/team-api-keys/check` body (server and admin). @internal */
export const UserTeamApiKeyCheck = wireStruct({ apiKey: Schema.String })
/** The check body, decoded. @internal */
export type UserTeamApiKeyCheck = typeof UserTeamApiKeyCheck.Type

/** The former name of `UserTeamApiKeyType` (the service's crud calls user and team keys "project API keys"). @deprecated Use `UserTeamApiKeyType`. */
export type ProjectApiKeyType = UserTeamApiKeyType
/** The former name of `UserTeamApiKeyInput`. @deprecated Use `UserTeamApiKeyInput`. */
export const ProjectApiKeyInput = UserTeamApiKeyInput
/** The former name of `UserTeamApiKeyInput`. @deprecated Use `UserTeamApiKeyInput`. */
export type ProjectApiKeyInput = UserTeamApiKeyInput
/** The former name of `UserTeamApiKeyUpdate`. @deprecated Use `UserTeamApiKeyUpdate`. */
export const ProjectApiKeyUpdate = UserTeamApiKeyUpdate
/** The former name of `UserTeamApiKeyUpdate`. @deprecated Use `UserTeamApiKeyUpdate`. */
export type ProjectApiKeyUpdate = UserTeamApiKeyUpdate
