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
import * as Effect from "effect/Effect"
import * as Clock from "effect/Clock"
import { caller, type CallFailureAt, custom, implement } from "../http/service-calls.js"
import { Transport, type CallFailure } from "../http/transport.js"
import { dataKeys, type DataKey } from "../../contract/data-keys.js"
import { UserApiKeysApi, TeamApiKeysApi } from "../../contract/user-team-api-keys.js"
import { TeamsApi } from "../../contract/teams.js"
import type {
  UserTeamApiKeyInput,
  UserTeamApiKeyUpdate,
  TeamApiKey,
  TeamApiKeyCreated,
  UserApiKey,
  UserApiKeyCreated,
  UserTeamApiKeyType
} from "../../domain/user-team-api-key.js"
import {
  type ApiKeyValidity,
  type UserTeamApiKeyTimes,
  userTeamApiKeyValidity
} from "../../domain/rules/api-key-validity.js"
import type { ServerTeam } from "../../domain/team.js"
import type { ServerUser } from "../../domain/user.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import { ApiKeyAccessDenied, ApiKeysDisabled } from "../../errors/client/user-team-api-keys.js"
import { UsersApi } from "../../contract/users.js"

/** A key and whether it works now. */
export type WithValidity<K> = K & { readonly validity: ApiKeyValidity }

type UserApi = typeof UserApiKeysApi
type TeamApi = typeof TeamApiKeysApi
type UserFails<K extends keyof UserApi, V extends "client" | "server"> = CallFailureAt<UserApi[K], V> | ApiKeysDisabled
type TeamFails<K extends keyof TeamApi, V extends "client" | "server"> = CallFailureAt<TeamApi[K], V> | ApiKeysDisabled
/** A call whose input the member builds itself, always valid (a presented key). */
type Built<E> = Exclude<E, InvalidInput>

/** The signed-in user's keys changed. */
const userKeys = UserApiKeysApi.create.changes
/** A team's keys changed. */
const teamKeys = (teamId: string): ReadonlyArray<DataKey> => [dataKeys.teamApiKeys(teamId)]

/** The signed-in user's API keys: create (shown once), list, read, rename and revoke. */
export const UserApiKeysCalls = {
  /**
   * `create({ description: "CLI", expiresAt: new Date(Date.now() + 30 * 86_400_000) })`; `expiresAt: null`
   * never expires; `isPublic: true` makes a `pk_` key. The answer's `value` is the only time the key is shown.
   */
  create: custom<
    (input: UserTeamApiKeyInput) => Effect.Effect<WithValidity<UserApiKeyCreated>, UserFails<"create", "client">>
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
      patch: UserTeamApiKeyUpdate
    ) => Effect.Effect<WithValidity<UserApiKey>, ApiKeyAccessDenied | UserFails<"update", "client">>
  >("function", userKeys),
  /** Revokes a key for good; it stops working at once. Revoking again keeps the first time. */
  revoke: custom<
    (id: string) => Effect.Effect<WithValidity<UserApiKey>, ApiKeyAccessDenied | UserFails<"update", "client">>
  >("function", userKeys)
}

/** API keys of the signed-in user's teams, for members holding `$manage_api_keys`. */
export const TeamApiKeysCalls = {
  /** A new key of the team; the answer's `value` is the only time it is shown. */
  create: custom<
    (
      teamId: string,
      input: UserTeamApiKeyInput
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
      patch: UserTeamApiKeyUpdate
    ) => Effect.Effect<WithValidity<TeamApiKey>, TeamFails<"update", "client">>
  >("function", teamKeys),
  revoke: custom<
    (teamId: string, id: string) => Effect.Effect<WithValidity<TeamApiKey>, TeamFails<"update", "client">>
  >("function", teamKeys)
}

type UserCheckFails = Built<UserFails<"check", "server">>
type TeamCheckFails = Built<TeamFails<"check", "server">>

/** API keys on the server: check a presented key and find its user or team; manage anyone's keys. */
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
  teamOfKey: custom<
    (apiKey: string) => Effect.Effect<
      ServerTeam,
      // The key's team id is the backend's own: never refused before sending.
      TeamCheckFails | Built<CallFailureAt<typeof TeamsApi.get, "server">>
    >
  >("function"),
  createUserKey: custom<
    (
      userId: string,
      input: UserTeamApiKeyInput
    ) => Effect.Effect<WithValidity<UserApiKeyCreated>, UserFails<"create", "server">>
  >("function", userKeys),
  listUserKeys:
    custom<(userId: string) => Effect.Effect<ReadonlyArray<WithValidity<UserApiKey>>, UserFails<"list", "server">>>(
      "function"
    ),
  getUserKey: custom<(id: string) => Effect.Effect<WithValidity<UserApiKey>, UserFails<"get", "server">>>("function"),
  updateUserKey: custom<
    (id: string, patch: UserTeamApiKeyUpdate) => Effect.Effect<WithValidity<UserApiKey>, UserFails<"update", "server">>
  >("function", userKeys),
  revokeUserKey: custom<(id: string) => Effect.Effect<WithValidity<UserApiKey>, UserFails<"update", "server">>>(
    "function",
    userKeys
  ),
  createTeamKey: custom<
    (
      teamId: string,
      input: UserTeamApiKeyInput
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
      patch: UserTeamApiKeyUpdate
    ) => Effect.Effect<WithValidity<TeamApiKey>, TeamFails<"update", "server">>
  >("function", teamKeys),
  revokeTeamKey: custom<
    (teamId: string, id: string) => Effect.Effect<WithValidity<TeamApiKey>, TeamFails<"update", "server">>
  >("function", teamKeys)
}

/** Attaches the validity as of the current `Clock` time. */
const withValidity = <K extends UserTeamApiKeyTimes>(key: K): Effect.Effect<WithValidity<K>> =>
  Effect.map(Clock.currentTimeMillis, (now) => ({ ...key, validity: userTeamApiKeyValidity(key, now) }))

const allWithValidity = <K extends UserTeamApiKeyTimes>(page: { readonly items: ReadonlyArray<K> }) =>
  Effect.forEach(page.items, withValidity)

interface PlainAnswer {
  readonly _tag: "HttpError"
  readonly status: number
  readonly body: string
}
const isPlain = (error: unknown): error is PlainAnswer =>
  typeof error === "object" && error !== null && (error as { readonly _tag?: unknown })._tag === "HttpError"

/** The service's plain 400 for a project with the kind switched off ("… API keys are not enabled for this project."). */
const disabledRefusal =
  (keyType: UserTeamApiKeyType) =>
  <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E | ApiKeysDisabled, R> =>
    Effect.mapError(self, (error): E | ApiKeysDisabled =>
      isPlain(error) && error.status === 400 && error.body.includes("API keys are not enabled")
        ? new ApiKeysDisabled({ keyType, message: error.body })
        : error
    )

/** The service's plain 403 for a client naming another user's keys. */
const deniedRefusal = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E | ApiKeyAccessDenied, R> =>
  Effect.mapError(self, (error): E | ApiKeyAccessDenied =>
    isPlain(error) && error.status === 403 ? new ApiKeyAccessDenied({ message: error.body }) : error
  )

/** Input the member builds itself always encodes: a presented key string, an owner id the backend answered. */
const builtInput = <A, E extends { readonly _tag: string }, R>(self: Effect.Effect<A, E, R>) =>
  Effect.catchTag(self as Effect.Effect<A, E | { readonly _tag: "InvalidInput" }, R>, "InvalidInput", (error) =>
    Effect.die(error)
  ) as Effect.Effect<A, Exclude<E, { readonly _tag: "InvalidInput" }>, R>

/** The requests both the client and the server services make, as `view`; the refusals come on top. */
const requests = <V extends "client" | "server">(transport: typeof Transport.Service, view: V) => {
  const user = {
    create: caller(transport, UserApiKeysApi.create, view),
    list: caller(transport, UserApiKeysApi.list, view),
    get: caller(transport, UserApiKeysApi.get, view),
    update: caller(transport, UserApiKeysApi.update, view)
  }
  const team = {
    create: caller(transport, TeamApiKeysApi.create, view),
    list: caller(transport, TeamApiKeysApi.list, view),
    get: caller(transport, TeamApiKeysApi.get, view),
    update: caller(transport, TeamApiKeysApi.update, view)
  }
  const key = (id: string) => ({ api_key_id: id })
  return {
    createUser: (userId: string, input: UserTeamApiKeyInput) =>
      Effect.flatMap(user.create({ body: { ...input, userId } }), withValidity),
    listUser: (userId: string) => Effect.flatMap(user.list({ query: { user_id: userId } }), allWithValidity),
    getUser: (id: string) => Effect.flatMap(user.get({ params: key(id) }), withValidity),
    updateUser: (id: string, patch: UserTeamApiKeyUpdate) =>
      Effect.flatMap(user.update({ params: key(id), body: patch }), withValidity),
    revokeUser: (id: string) =>
      // `{ revoked: true }` always encodes: an InvalidInput is the id (not a UUID), refused before sending.
      Effect.flatMap(user.update({ params: key(id), body: { revoked: true } }), withValidity),
    createTeam: (teamId: string, input: UserTeamApiKeyInput) =>
      Effect.flatMap(team.create({ body: { ...input, teamId } }), withValidity),
    listTeam: (teamId: string) => Effect.flatMap(team.list({ query: { team_id: teamId } }), allWithValidity),
    getTeam: (teamId: string, id: string) =>
      Effect.flatMap(team.get({ params: key(id), query: { team_id: teamId } }), withValidity),
    updateTeam: (teamId: string, id: string, patch: UserTeamApiKeyUpdate) =>
      Effect.flatMap(team.update({ params: key(id), query: { team_id: teamId }, body: patch }), withValidity),
    revokeTeam: (teamId: string, id: string) =>
      Effect.flatMap(
        team.update({ params: key(id), query: { team_id: teamId }, body: { revoked: true } }),
        withValidity
      )
  }
}

export const makeUserApiKeys = implement(
  UserApiKeysCalls,
  Effect.map(Transport, (transport) => {
    const r = requests(transport, "client")
    const disabled = disabledRefusal("user")
    return {
      create: (input: UserTeamApiKeyInput) => r.createUser("me", input).pipe(disabled),
      list: r.listUser("me").pipe(disabled),
      get: (id: string) => r.getUser(id).pipe(disabled, deniedRefusal),
      update: (id: string, patch: UserTeamApiKeyUpdate) => r.updateUser(id, patch).pipe(disabled, deniedRefusal),
      revoke: (id: string) => r.revokeUser(id).pipe(disabled, deniedRefusal)
    }
  })
)

export const makeTeamApiKeys = implement(
  TeamApiKeysCalls,
  Effect.map(Transport, (transport) => {
    const r = requests(transport, "client")
    const disabled = disabledRefusal("team")
    return {
      create: (teamId: string, input: UserTeamApiKeyInput) => r.createTeam(teamId, input).pipe(disabled),
      list: (teamId: string) => r.listTeam(teamId).pipe(disabled),
      get: (teamId: string, id: string) => r.getTeam(teamId, id).pipe(disabled),
      update: (teamId: string, id: string, patch: UserTeamApiKeyUpdate) =>
        r.updateTeam(teamId, id, patch).pipe(disabled),
      revoke: (teamId: string, id: string) => r.revokeTeam(teamId, id).pipe(disabled)
    }
  })
)

export const makeServerApiKeys = implement(
  ServerApiKeysCalls,
  Effect.map(Transport, (transport) => {
    const r = requests(transport, "server")
    const user = disabledRefusal("user")
    const team = disabledRefusal("team")
    const checkUser = caller(transport, UserApiKeysApi.check, "server")
    const checkTeam = caller(transport, TeamApiKeysApi.check, "server")
    const getTeam = caller(transport, TeamsApi.get, "server")
    const getUser = caller(transport, UsersApi.get, "server")
    const checkUserKey = (apiKey: string) => Effect.flatMap(builtInput(checkUser({ body: { apiKey } })), withValidity)
    const checkTeamKey = (apiKey: string) => Effect.flatMap(builtInput(checkTeam({ body: { apiKey } })), withValidity)
    return {
      checkUserKey: (apiKey: string) => checkUserKey(apiKey).pipe(user),
      checkTeamKey: (apiKey: string) => checkTeamKey(apiKey).pipe(team),
      userOfKey: (apiKey: string) =>
        checkUserKey(apiKey).pipe(
          // The key's owner as the backend answered it: its id always fits the path.
          Effect.flatMap((key) => builtInput(getUser({ params: { user_id: key.userId } }))),
          user
        ),
      teamOfKey: (apiKey: string) =>
        checkTeamKey(apiKey).pipe(
          Effect.flatMap((key) => builtInput(getTeam({ params: { team_id: key.teamId } }))),
          team
        ),
      createUserKey: (userId: string, input: UserTeamApiKeyInput) => r.createUser(userId, input).pipe(user),
      listUserKeys: (userId: string) => r.listUser(userId).pipe(user),
      getUserKey: (id: string) => r.getUser(id).pipe(user),
      updateUserKey: (id: string, patch: UserTeamApiKeyUpdate) => r.updateUser(id, patch).pipe(user),
      revokeUserKey: (id: string) => r.revokeUser(id).pipe(user),
      createTeamKey: (teamId: string, input: UserTeamApiKeyInput) => r.createTeam(teamId, input).pipe(team),
      listTeamKeys: (teamId: string) => r.listTeam(teamId).pipe(team),
      getTeamKey: (teamId: string, id: string) => r.getTeam(teamId, id).pipe(team),
      updateTeamKey: (teamId: string, id: string, patch: UserTeamApiKeyUpdate) =>
        r.updateTeam(teamId, id, patch).pipe(team),
      revokeTeamKey: (teamId: string, id: string) => r.revokeTeam(teamId, id).pipe(team)
    }
  })
)
