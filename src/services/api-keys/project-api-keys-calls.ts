/**
 * The members of {@link UserApiKeys}, {@link TeamApiKeys} and {@link ServerApiKeys}, each written by the
 * implementation (project-api-keys-live.ts) over the declared endpoints (contract/project-api-keys.ts):
 * every key comes back with its validity as of the Effect `Clock`, and the service's plain-text refusals
 * become `ApiKeysDisabled` and `ApiKeyAccessDenied`. What a write makes stale is its endpoint's `changes`;
 * a team's keys are named by the member, as the team travels in the query.
 */
import type * as Effect from "effect/Effect"
import { dataKeys, type DataKey } from "../../contract/data-keys.js"
import { UserApiKeysApi } from "../../contract/project-api-keys.js"
import type { TeamApiKeysApi } from "../../contract/project-api-keys.js"
import type { TeamsApi } from "../../contract/teams.js"
import type {
  ProjectApiKeyInput,
  ProjectApiKeyUpdate,
  TeamApiKey,
  TeamApiKeyCreated,
  UserApiKey,
  UserApiKeyCreated
} from "../../domain/project-api-key.js"
import type { ApiKeyValidity } from "../../domain/rules/api-key-validity.js"
import type { ServerTeam } from "../../domain/team.js"
import type { ServerUser } from "../../domain/user.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { ApiKeyAccessDenied, ApiKeysDisabled } from "../../errors/client/project-api-keys.js"
import type { CallFailureAt } from "../http/call.js"
import type { CallFailure } from "../http/error-narrowing.js"
import { custom } from "../http/service-calls.js"

/** A key and whether it works now. */
export type WithValidity<K> = K & { readonly validity: ApiKeyValidity }

type UserApi = typeof UserApiKeysApi
type TeamApi = typeof TeamApiKeysApi
type UserFails<K extends keyof UserApi, V extends "client" | "server"> = CallFailureAt<UserApi[K], V> | ApiKeysDisabled
type TeamFails<K extends keyof TeamApi, V extends "client" | "server"> = CallFailureAt<TeamApi[K], V> | ApiKeysDisabled
/** A call whose body the member builds itself, always valid (a revocation, a presented key). */
type Built<E> = Exclude<E, InvalidInput>

/** The signed-in user's keys changed. */
const userKeys = UserApiKeysApi.create.changes
/** A team's keys changed. */
const teamKeys = (teamId: string): ReadonlyArray<DataKey> => [dataKeys.teamApiKeys(teamId)]

export const UserApiKeysCalls = {
  /**
   * `create({ description: "CLI", expiresAt: new Date(Date.now() + 30 * 86_400_000) })`; `expiresAt: null`
   * never expires; `isPublic: true` makes a `pk_` key. The answer's `value` is the only time the key is shown.
   */
  create: custom<
    (input: ProjectApiKeyInput) => Effect.Effect<WithValidity<UserApiKeyCreated>, UserFails<"create", "client">>
  >("function", userKeys),
  /** The signed-in user's keys, newest first, revoked and expired ones included. */
  list: custom<Effect.Effect<ReadonlyArray<WithValidity<UserApiKey>>, UserFails<"list", "client">>>("effect"),
  get: custom<(id: string) => Effect.Effect<WithValidity<UserApiKey>, ApiKeyAccessDenied | UserFails<"get", "client">>>(
    "function"
  ),
  /** Changes the description and/or revokes (`{ revoked: true }`). */
  update: custom<
    (
      id: string,
      patch: ProjectApiKeyUpdate
    ) => Effect.Effect<WithValidity<UserApiKey>, ApiKeyAccessDenied | UserFails<"update", "client">>
  >("function", userKeys),
  /** Revokes a key for good; it stops working at once. Revoking again keeps the first time. */
  revoke: custom<
    (id: string) => Effect.Effect<WithValidity<UserApiKey>, ApiKeyAccessDenied | Built<UserFails<"update", "client">>>
  >("function", userKeys)
}

export const TeamApiKeysCalls = {
  /** A new key of the team; the answer's `value` is the only time it is shown. */
  create: custom<
    (
      teamId: string,
      input: ProjectApiKeyInput
    ) => Effect.Effect<WithValidity<TeamApiKeyCreated>, TeamFails<"create", "client">>
  >("function", teamKeys),
  /** The team's keys, newest first. */
  list: custom<(teamId: string) => Effect.Effect<ReadonlyArray<WithValidity<TeamApiKey>>, TeamFails<"list", "client">>>(
    "function"
  ),
  get: custom<(teamId: string, id: string) => Effect.Effect<WithValidity<TeamApiKey>, TeamFails<"get", "client">>>(
    "function"
  ),
  update: custom<
    (
      teamId: string,
      id: string,
      patch: ProjectApiKeyUpdate
    ) => Effect.Effect<WithValidity<TeamApiKey>, TeamFails<"update", "client">>
  >("function", teamKeys),
  revoke: custom<
    (teamId: string, id: string) => Effect.Effect<WithValidity<TeamApiKey>, Built<TeamFails<"update", "client">>>
  >("function", teamKeys)
}

type UserCheckFails = Built<UserFails<"check", "server">>
type TeamCheckFails = Built<TeamFails<"check", "server">>

export const ServerApiKeysCalls = {
  /**
   * The user key a caller presented, if it works: unknown is `ApiKeyNotFound`, a team's key
   * `WrongApiKeyType`, then `ApiKeyRevoked`, then `ApiKeyExpired`. The key is sent in the body only, and
   * never recorded in a span.
   */
  checkUserKey: custom<(apiKey: string) => Effect.Effect<WithValidity<UserApiKey>, UserCheckFails>>("function"),
  checkTeamKey: custom<(apiKey: string) => Effect.Effect<WithValidity<TeamApiKey>, TeamCheckFails>>("function"),
  /** The user a working key belongs to (the hosted SDK's `getUser({ apiKey })`). */
  userOfKey:
    custom<(apiKey: string) => Effect.Effect<ServerUser, UserCheckFails | CallFailure<"UserNotFound">>>("function"),
  /** The team a working key belongs to (the hosted SDK's `getTeam({ apiKey })`). */
  teamOfKey:
    custom<
      (apiKey: string) => Effect.Effect<ServerTeam, TeamCheckFails | CallFailureAt<typeof TeamsApi.get, "server">>
    >("function"),
  createUserKey: custom<
    (
      userId: string,
      input: ProjectApiKeyInput
    ) => Effect.Effect<WithValidity<UserApiKeyCreated>, UserFails<"create", "server">>
  >("function", userKeys),
  listUserKeys:
    custom<(userId: string) => Effect.Effect<ReadonlyArray<WithValidity<UserApiKey>>, UserFails<"list", "server">>>(
      "function"
    ),
  getUserKey: custom<(id: string) => Effect.Effect<WithValidity<UserApiKey>, UserFails<"get", "server">>>("function"),
  updateUserKey: custom<
    (id: string, patch: ProjectApiKeyUpdate) => Effect.Effect<WithValidity<UserApiKey>, UserFails<"update", "server">>
  >("function", userKeys),
  revokeUserKey: custom<(id: string) => Effect.Effect<WithValidity<UserApiKey>, Built<UserFails<"update", "server">>>>(
    "function",
    userKeys
  ),
  createTeamKey: custom<
    (
      teamId: string,
      input: ProjectApiKeyInput
    ) => Effect.Effect<WithValidity<TeamApiKeyCreated>, TeamFails<"create", "server">>
  >("function", teamKeys),
  listTeamKeys:
    custom<(teamId: string) => Effect.Effect<ReadonlyArray<WithValidity<TeamApiKey>>, TeamFails<"list", "server">>>(
      "function"
    ),
  getTeamKey:
    custom<(teamId: string, id: string) => Effect.Effect<WithValidity<TeamApiKey>, TeamFails<"get", "server">>>(
      "function"
    ),
  updateTeamKey: custom<
    (
      teamId: string,
      id: string,
      patch: ProjectApiKeyUpdate
    ) => Effect.Effect<WithValidity<TeamApiKey>, TeamFails<"update", "server">>
  >("function", teamKeys),
  revokeTeamKey: custom<
    (teamId: string, id: string) => Effect.Effect<WithValidity<TeamApiKey>, Built<TeamFails<"update", "server">>>
  >("function", teamKeys)
}
