/**
 * API keys of users and teams, as the hosted service has them (`/user-api-keys`, `/team-api-keys`). A key
 * belongs to one user or one team; its full value is in the create's answer only, afterwards its last four
 * characters. The project must allow the kind (`allowUserApiKeys`, `allowTeamApiKeys` in its config), else
 * every call fails with `ApiKeysDisabled`.
 *
 * - `UserApiKeys` (every tier with a signed-in user): the user's own keys.
 * - `TeamApiKeys` (same): the keys of a team where the user holds `$manage_api_keys` (a team admin does);
 *   any other team answers `ApiKeyNotFound`, as the service hides whether the team exists.
 * - `ServerApiKeys` (server and admin): check a key an app's caller presented and get its user or team,
 *   and manage the keys of any user or team.
 *
 * Every key comes back with its `validity` (revoked first, then expired, as the service decides), worked out
 * against the Effect `Clock` when it was read.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type {
  ProjectApiKeyInput,
  ProjectApiKeyUpdate,
  TeamApiKey,
  TeamApiKeyCreated,
  UserApiKey,
  UserApiKeyCreated
} from "../../domain/project-api-key.js"
import type { ServerTeam } from "../../domain/team.js"
import type { ServerUser } from "../../domain/user.js"
import type { ApiKeyValidity } from "../../domain/rules/api-key-validity.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { ApiKeyAccessDenied, ApiKeysDisabled } from "../../errors/client/project-api-keys.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { ServerApiKeysErrors, TeamApiKeysErrors, UserApiKeysErrors } from "./project-api-keys-errors.js"

/** A key and whether it works now. */
export type WithValidity<K> = K & { readonly validity: ApiKeyValidity }

type UserFails<M extends keyof typeof UserApiKeysErrors> = FailureOf<typeof UserApiKeysErrors, M> | ApiKeysDisabled
type TeamFails<M extends keyof typeof TeamApiKeysErrors> = FailureOf<typeof TeamApiKeysErrors, M> | ApiKeysDisabled
type ServerFails<M extends keyof typeof ServerApiKeysErrors> = FailureOf<typeof ServerApiKeysErrors, M> | ApiKeysDisabled

/** What the UserApiKeys service offers; see its tag for the rules. */
export interface UserApiKeysShape {
  /**
   * `create({ description: "CLI", expiresAt: new Date(Date.now() + 30 * 86_400_000) })`; `expiresAt: null`
   * never expires; `isPublic: true` makes a `pk_` key. The answer's `value` is the only time the key is shown.
   */
  readonly create: (
    input: ProjectApiKeyInput
  ) => Effect.Effect<WithValidity<UserApiKeyCreated>, InvalidInput | UserFails<"create">>
  /** The signed-in user's keys, newest first, revoked and expired ones included. */
  readonly list: Effect.Effect<ReadonlyArray<WithValidity<UserApiKey>>, UserFails<"list">>
  readonly get: (id: string) => Effect.Effect<WithValidity<UserApiKey>, ApiKeyAccessDenied | UserFails<"get">>
  /** Changes the description and/or revokes (`{ revoked: true }`). */
  readonly update: (
    id: string,
    patch: ProjectApiKeyUpdate
  ) => Effect.Effect<WithValidity<UserApiKey>, InvalidInput | ApiKeyAccessDenied | UserFails<"update">>
  /** Revokes a key for good; it stops working at once. Revoking again keeps the first time. */
  readonly revoke: (id: string) => Effect.Effect<WithValidity<UserApiKey>, ApiKeyAccessDenied | UserFails<"revoke">>
}

/** The signed-in user's API keys: create (shown once), list, read, rename and revoke. */
export class UserApiKeys extends /* @__PURE__ */ Context.Service<UserApiKeys, UserApiKeysShape>()("stackfx/UserApiKeys") {
  static readonly layer: Layer.Layer<UserApiKeys, never, Transport> = /* @__PURE__ */ lazyLayer(
    UserApiKeys,
    { create: "function", list: "effect", get: "function", update: "function", revoke: "function" },
    () => import("../live.js").then((m) => m.makeUserApiKeys)
  )
}

/** What the TeamApiKeys service offers; see its tag for the rules. */
export interface TeamApiKeysShape {
  /** A new key of the team; the answer's `value` is the only time it is shown. */
  readonly create: (
    teamId: string,
    input: ProjectApiKeyInput
  ) => Effect.Effect<WithValidity<TeamApiKeyCreated>, InvalidInput | TeamFails<"create">>
  /** The team's keys, newest first. */
  readonly list: (teamId: string) => Effect.Effect<ReadonlyArray<WithValidity<TeamApiKey>>, TeamFails<"list">>
  readonly get: (teamId: string, id: string) => Effect.Effect<WithValidity<TeamApiKey>, TeamFails<"get">>
  readonly update: (
    teamId: string,
    id: string,
    patch: ProjectApiKeyUpdate
  ) => Effect.Effect<WithValidity<TeamApiKey>, InvalidInput | TeamFails<"update">>
  readonly revoke: (teamId: string, id: string) => Effect.Effect<WithValidity<TeamApiKey>, TeamFails<"revoke">>
}

/** API keys of the signed-in user's teams, for members holding `$manage_api_keys`. */
export class TeamApiKeys extends /* @__PURE__ */ Context.Service<TeamApiKeys, TeamApiKeysShape>()("stackfx/TeamApiKeys") {
  static readonly layer: Layer.Layer<TeamApiKeys, never, Transport> = /* @__PURE__ */ lazyLayer(
    TeamApiKeys,
    { create: "function", list: "function", get: "function", update: "function", revoke: "function" },
    () => import("../live.js").then((m) => m.makeTeamApiKeys)
  )
}

/** What the ServerApiKeys service offers; see its tag for the rules. */
export interface ServerApiKeysShape {
  /**
   * The user key a caller presented, if it works: unknown is `ApiKeyNotFound`, a team's key
   * `WrongApiKeyType`, then `ApiKeyRevoked`, then `ApiKeyExpired`. The key is sent in the body only, and
   * never recorded in a span.
   */
  readonly checkUserKey: (apiKey: string) => Effect.Effect<WithValidity<UserApiKey>, ServerFails<"checkUserKey">>
  readonly checkTeamKey: (apiKey: string) => Effect.Effect<WithValidity<TeamApiKey>, ServerFails<"checkTeamKey">>
  /** The user a working key belongs to (the hosted SDK's `getUser({ apiKey })`). */
  readonly userOfKey: (apiKey: string) => Effect.Effect<ServerUser, ServerFails<"userOfKey">>
  /** The team a working key belongs to (the hosted SDK's `getTeam({ apiKey })`). */
  readonly teamOfKey: (apiKey: string) => Effect.Effect<ServerTeam, ServerFails<"teamOfKey">>
  readonly createUserKey: (
    userId: string,
    input: ProjectApiKeyInput
  ) => Effect.Effect<WithValidity<UserApiKeyCreated>, InvalidInput | ServerFails<"createUserKey">>
  readonly listUserKeys: (userId: string) => Effect.Effect<ReadonlyArray<WithValidity<UserApiKey>>, ServerFails<"listUserKeys">>
  readonly getUserKey: (id: string) => Effect.Effect<WithValidity<UserApiKey>, ServerFails<"getUserKey">>
  readonly updateUserKey: (
    id: string,
    patch: ProjectApiKeyUpdate
  ) => Effect.Effect<WithValidity<UserApiKey>, InvalidInput | ServerFails<"updateUserKey">>
  readonly revokeUserKey: (id: string) => Effect.Effect<WithValidity<UserApiKey>, ServerFails<"revokeUserKey">>
  readonly createTeamKey: (
    teamId: string,
    input: ProjectApiKeyInput
  ) => Effect.Effect<WithValidity<TeamApiKeyCreated>, InvalidInput | ServerFails<"createTeamKey">>
  readonly listTeamKeys: (teamId: string) => Effect.Effect<ReadonlyArray<WithValidity<TeamApiKey>>, ServerFails<"listTeamKeys">>
  readonly getTeamKey: (teamId: string, id: string) => Effect.Effect<WithValidity<TeamApiKey>, ServerFails<"getTeamKey">>
  readonly updateTeamKey: (
    teamId: string,
    id: string,
    patch: ProjectApiKeyUpdate
  ) => Effect.Effect<WithValidity<TeamApiKey>, InvalidInput | ServerFails<"updateTeamKey">>
  readonly revokeTeamKey: (teamId: string, id: string) => Effect.Effect<WithValidity<TeamApiKey>, ServerFails<"revokeTeamKey">>
}

/** API keys on the server: check a presented key and find its user or team; manage anyone's keys. */
export class ServerApiKeys extends /* @__PURE__ */ Context.Service<ServerApiKeys, ServerApiKeysShape>()("stackfx/ServerApiKeys") {
  static readonly layer: Layer.Layer<ServerApiKeys, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerApiKeys,
    {
      checkUserKey: "function",
      checkTeamKey: "function",
      userOfKey: "function",
      teamOfKey: "function",
      createUserKey: "function",
      listUserKeys: "function",
      getUserKey: "function",
      updateUserKey: "function",
      revokeUserKey: "function",
      createTeamKey: "function",
      listTeamKeys: "function",
      getTeamKey: "function",
      updateTeamKey: "function",
      revokeTeamKey: "function"
    },
    () => import("../live.js").then((m) => m.makeServerApiKeys)
  )
}
