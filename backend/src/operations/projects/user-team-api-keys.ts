/**
 * API keys of users and teams, with the hosted service's rules: the project must allow the kind (else a
 * plain 400 naming it); a client manages its own user's keys (else a plain 403) and the keys of teams where
 * it holds `$manage_api_keys`, directly or through a permission containing it (else API_KEY_NOT_FOUND, so
 * a team's existence does not leak); server and admin manage anyone's. A key's value is answered once, by
 * the create; the database keeps its sha256.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { AccessType } from "@stackfx/lib/domain/api.js"
import type {
  UserTeamApiKeyType,
  UserTeamApiKeyUpdate,
  TeamApiKey,
  TeamApiKeyCreated,
  UserApiKey,
  UserApiKeyCreated
} from "@stackfx/lib/domain/user-team-api-key.js"
import { userTeamApiKeyValidity } from "@stackfx/lib/domain/rules/api-key-validity.js"
import { ApiKeyExpired, ApiKeyNotFound, ApiKeyRevoked, WrongApiKeyType } from "@stackfx/lib/errors/known/api-keys.js"
import { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import type { TeamNotFound } from "@stackfx/lib/errors/known/teams.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import type { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { makeUserTeamApiKey, parseUserTeamApiKey } from "../../crypto/user-team-api-key-format.js"
import { randomId, secretMatches } from "../../crypto/secrets.js"
import { Refused } from "../../errors/refused.js"
import { Db, type DbEffect, type DbError } from "../../store/db.js"
import {
  findUserTeamApiKey,
  insertUserTeamApiKey,
  listUserTeamApiKeys,
  type UserTeamApiKeyRow,
  updateUserTeamApiKey
} from "../../store/projects/user-team-api-keys.js"
import { STORABLE_MILLIS } from "../../store/storable.js"
import { type Actor, resolveUserId } from "../acting-user.js"
import { ensureTeam, ensureUser } from "../permissions/team-access.js"
import { listMemberPermissions, memberPermissionGuard } from "../permissions/team-permissions.js"
import type { MemberPermissionGuard } from "../../store/teams/team-permissions.js"

/** The permission a client needs on a team to manage its keys (the service's id). */
export const MANAGE_API_KEYS = "$manage_api_keys"

/** The expiry times a key can have: those the database keeps (years 1 to 9999). */
export const STORABLE_EXPIRY = STORABLE_MILLIS

/** Who a key belongs to. */
export type KeyOwner = { readonly userId: string } | { readonly teamId: string }

/** Who asks (a request's authentication, as far as these rules read it). */
export interface KeyCaller {
  readonly accessType: AccessType
  readonly project: {
    readonly id: string
    readonly config: { readonly allowUserApiKeys: boolean; readonly allowTeamApiKeys: boolean }
  }
  readonly user: { readonly id: string } | undefined
}

/** The plain 400 of a project that has the kind switched off, worded as the service words it. */
export const ensureKindEnabled = (caller: KeyCaller, type: UserTeamApiKeyType): Effect.Effect<void, Refused> => {
  const config = caller.project.config
  const enabled = type === "user" ? config.allowUserApiKeys : config.allowTeamApiKeys
  return enabled
    ? Effect.void
    : Effect.fail(
        new Refused({
          reason: "invalid",
          message: `${type === "user" ? "User" : "Team"} API keys are not enabled for this project.`
        })
      )
}

/** What managing a user's keys can be refused with (the plain 403: another user's keys, from a client). */
export type UserManageError = UserAuthenticationRequired | Refused | UserNotFound | DbError
/** What managing a team's keys can be refused with. */
export type TeamManageError = UserAuthenticationRequired | ApiKeyNotFound | TeamNotFound | DbError
export type ManageError = UserManageError | TeamManageError

/**
 * Whether the caller may manage the keys of `owner`. A client needs to be signed in, and to be the user or
 * hold the permission on the team. Server and admin may manage anyone's; an owner that does not exist is
 * USER_NOT_FOUND or TEAM_NOT_FOUND here (the service has no answer of its own for it: its insert fails).
 */
export function ensureCanManage(
  caller: KeyCaller,
  owner: { readonly userId: string }
): Effect.Effect<void, UserManageError, Db>
export function ensureCanManage(
  caller: KeyCaller,
  owner: { readonly teamId: string }
): Effect.Effect<void, TeamManageError, Db>
export function ensureCanManage(caller: KeyCaller, owner: KeyOwner): Effect.Effect<void, ManageError, Db>
export function ensureCanManage(caller: KeyCaller, owner: KeyOwner): Effect.Effect<void, ManageError, Db> {
  if (caller.accessType === "client") return clientMayManage(caller, owner)
  return "userId" in owner
    ? ensureUser(caller.project.id, owner.userId)
    : Effect.asVoid(ensureTeam(caller.project.id, owner.teamId))
}

/** The client's rule of {@link ensureCanManage}: signed in, and the user itself or holding the permission on the team. */
const clientMayManage = (
  caller: KeyCaller,
  owner: KeyOwner
): DbEffect<void, UserAuthenticationRequired | Refused | ApiKeyNotFound> =>
  Effect.gen(function* () {
    const me = caller.user
    if (me === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
    if ("userId" in owner) {
      if (owner.userId !== me.id) {
        return yield* Effect.fail(
          new Refused({ reason: "forbidden", message: "Client can only manage their own api keys" })
        )
      }
      return
    }
    const held = yield* listMemberPermissions({
      projectId: caller.project.id,
      teamId: owner.teamId,
      userId: me.id,
      permissionId: MANAGE_API_KEYS,
      recursive: true
    })
    if (held.length === 0) return yield* Effect.fail(new ApiKeyNotFound({}))
  })

/** What a client's write to a team's keys checks in its own statement: the signed-in user's `$manage_api_keys`. */
const teamKeyGuard = (caller: KeyCaller): MemberPermissionGuard | undefined =>
  caller.accessType === "client" && caller.user !== undefined
    ? memberPermissionGuard(caller.user.id, MANAGE_API_KEYS)
    : undefined

const typeOf = (row: UserTeamApiKeyRow): UserTeamApiKeyType => (row.userId !== null ? "user" : "team")

const common = (row: UserTeamApiKeyRow) => ({
  id: row.id,
  description: row.description,
  expiresAt: row.expiresAt,
  manuallyRevokedAt: row.manuallyRevokedAt,
  createdAt: row.createdAt,
  isPublic: row.isPublic
})

/** What each kind's routes answer of a stored key (last four characters only), by kind. */
interface KeyViews {
  readonly user: UserApiKey
  readonly team: TeamApiKey
}

const userView = (row: UserTeamApiKeyRow, userId: string): UserApiKey => ({
  ...common(row),
  type: "user",
  userId,
  value: { lastFour: row.lastFour }
})
const teamView = (row: UserTeamApiKeyRow, teamId: string): TeamApiKey => ({
  ...common(row),
  type: "team",
  teamId,
  value: { lastFour: row.lastFour }
})

/** The read of a stored key of kind `type`, if it is one. */
const viewAs = <T extends UserTeamApiKeyType>(type: T, row: UserTeamApiKeyRow): KeyViews[T] | undefined => {
  const views: { readonly [K in UserTeamApiKeyType]: () => KeyViews[K] | undefined } = {
    user: () => (row.userId === null ? undefined : userView(row, row.userId)),
    team: () => (row.teamId === null ? undefined : teamView(row, row.teamId))
  }
  return views[type]()
}

/**
 * Whether the caller may manage a stored key. A key goes with its user or team (the foreign keys cascade),
 * so its owner exists: server and admin reach any, a client by {@link ensureCanManage}'s rule.
 */
const ensureCanReach = (caller: KeyCaller, view: UserApiKey | TeamApiKey) =>
  caller.accessType === "client"
    ? clientMayManage(caller, view.type === "user" ? { userId: view.userId } : { teamId: view.teamId })
    : Effect.void

/** The errors of reaching a key by id: unknown (or of the other kind), or not the caller's to manage. */
export type ReachError = ApiKeyNotFound | UserAuthenticationRequired | Refused | DbError

/** A key of the kind a route serves, by id, that the caller may manage; anything else is API_KEY_NOT_FOUND. */
const findManaged = <T extends UserTeamApiKeyType>(
  caller: KeyCaller,
  type: T,
  id: string
): Effect.Effect<KeyViews[T], ReachError, Db> =>
  Effect.gen(function* () {
    const row = yield* findUserTeamApiKey(caller.project.id, id)
    // The service would fail a key of the other kind with a server error after the access check; a key of
    // the other kind is simply not one this route knows.
    const view = row === undefined ? undefined : viewAs(type, row)
    if (view === undefined) return yield* Effect.fail(new ApiKeyNotFound({}))
    yield* ensureCanReach(caller, view)
    return view
  })

/** The caller's read of a key by id (see {@link findManaged}). */
export const readManagedKey = <T extends UserTeamApiKeyType>(
  caller: KeyCaller,
  type: T,
  id: string
): Effect.Effect<KeyViews[T], ReachError, Db> => findManaged(caller, type, id)

/**
 * Renames and/or revokes (at the Clock's time; a second revocation keeps the first) a key the caller may manage.
 * A client's right to a team's key is checked by the update itself (its guard); any other caller's here first.
 */
export const updateManagedKey = <T extends UserTeamApiKeyType>(
  caller: KeyCaller,
  type: T,
  id: string,
  patch: UserTeamApiKeyUpdate
): Effect.Effect<KeyViews[T], ReachError, Db> =>
  Effect.gen(function* () {
    const row = yield* findUserTeamApiKey(caller.project.id, id)
    const view = row === undefined ? undefined : viewAs(type, row)
    if (view === undefined) return yield* Effect.fail(new ApiKeyNotFound({}))
    const guard = view.type === "team" ? teamKeyGuard(caller) : undefined
    if (guard === undefined) yield* ensureCanReach(caller, view)
    const revokedAt = patch.revoked === true ? new Date(yield* Clock.currentTimeMillis) : undefined
    const updated = yield* updateUserTeamApiKey(
      caller.project.id,
      view.id,
      { description: patch.description, revokedAt },
      guard
    )
    const answer = updated === undefined ? undefined : viewAs(type, updated)
    return answer === undefined ? yield* Effect.fail(new ApiKeyNotFound({})) : answer
  })

/** A user's keys, newest first, for a caller who may manage them. */
export const listUserApiKeys = (
  caller: KeyCaller,
  userId: string
): Effect.Effect<ReadonlyArray<UserApiKey>, UserManageError, Db> =>
  Effect.gen(function* () {
    yield* ensureCanManage(caller, { userId })
    const rows = yield* listUserTeamApiKeys(caller.project.id, { userId })
    return rows.flatMap((row) => viewAs("user", row) ?? [])
  })

/** A team's keys, newest first, for a caller who may manage them. */
export const listTeamApiKeys = (
  caller: KeyCaller,
  teamId: string
): Effect.Effect<ReadonlyArray<TeamApiKey>, TeamManageError, Db> =>
  Effect.gen(function* () {
    yield* ensureCanManage(caller, { teamId })
    const rows = yield* listUserTeamApiKeys(caller.project.id, { teamId })
    return rows.flatMap((row) => viewAs("team", row) ?? [])
  })

type KeyInput = {
  readonly description: string
  readonly expiresAt: Date | null
  readonly isPublic?: boolean | undefined
}

/**
 * Stores a new key for `owner`; answers the fields both kinds share, with the value (shown this once), and whether
 * it was stored: always without a `guard`; with one, only while the member holds the permission in the team.
 */
const insertNew = (projectId: string, owner: KeyOwner, input: KeyInput, guard?: MemberPermissionGuard) =>
  Effect.gen(function* () {
    const id = yield* randomId
    const createdAt = new Date(yield* Clock.currentTimeMillis)
    const isPublic = input.isPublic ?? false
    const value = makeUserTeamApiKey({ id, type: "userId" in owner ? "user" : "team", isPublic })
    const userId = "userId" in owner ? owner.userId : null
    const teamId = "teamId" in owner ? owner.teamId : null
    const stored = yield* insertUserTeamApiKey(
      {
        id,
        projectId,
        userId,
        teamId,
        description: input.description,
        isPublic,
        value,
        createdAt,
        expiresAt: input.expiresAt
      },
      guard
    )
    const key = {
      id,
      description: input.description,
      expiresAt: input.expiresAt,
      manuallyRevokedAt: null,
      createdAt,
      isPublic,
      value
    }
    return { stored, key }
  })

/** Creates a key of a user; the answer is the one place its value appears. */
export const createUserApiKey = (projectId: string, userId: string, input: KeyInput): DbEffect<UserApiKeyCreated> =>
  Effect.map(insertNew(projectId, { userId }, input), ({ key }) => ({ ...key, type: "user" as const, userId }))

/**
 * Creates a key of a team; the answer is the one place its value appears. With a `guard`, only while the member
 * holds the permission in the team (else API_KEY_NOT_FOUND).
 */
export const createTeamApiKey = (
  projectId: string,
  teamId: string,
  input: KeyInput,
  guard?: MemberPermissionGuard
): DbEffect<TeamApiKeyCreated, ApiKeyNotFound> =>
  Effect.flatMap(insertNew(projectId, { teamId }, input, guard), ({ stored, key }) =>
    stored ? Effect.succeed({ ...key, type: "team" as const, teamId }) : Effect.fail(new ApiKeyNotFound({}))
  )

export type CheckError = ApiKeyNotFound | WrongApiKeyType | ApiKeyRevoked | ApiKeyExpired | DbError

/**
 * The key a caller presents, checked in the service's order: unknown (API_KEY_NOT_FOUND), of the other kind
 * (WRONG_API_KEY_TYPE), revoked (API_KEY_REVOKED), expired (API_KEY_EXPIRED), at the Clock's time. The id the
 * key carries finds the row and the stored hash is compared in constant time.
 */
export const checkUserTeamApiKey = (
  projectId: string,
  type: UserTeamApiKeyType,
  presented: string
): Effect.Effect<UserTeamApiKeyRow, CheckError, Db> =>
  Effect.gen(function* () {
    const parsed = parseUserTeamApiKey(presented)
    const row = parsed === undefined ? undefined : yield* findUserTeamApiKey(projectId, parsed.id)
    if (row === undefined || !secretMatches(presented, row.secretHash))
      return yield* Effect.fail(new ApiKeyNotFound({}))
    const actual = typeOf(row)
    if (actual !== type) {
      return yield* Effect.fail(new WrongApiKeyType({ details: { expected_type: type, actual_type: actual } }))
    }
    const validity = userTeamApiKeyValidity(row, yield* Clock.currentTimeMillis)
    if (validity._tag === "ManuallyRevoked") return yield* Effect.fail(new ApiKeyRevoked({}))
    if (validity._tag === "Expired") return yield* Effect.fail(new ApiKeyExpired({}))
    return row
  })

/** A new key of a user, for a caller who may manage the user's keys. */
export const createUserApiKeyFor = (
  caller: KeyCaller,
  userId: string,
  input: KeyInput
): Effect.Effect<UserApiKeyCreated, UserManageError, Db> =>
  Effect.gen(function* () {
    yield* ensureCanManage(caller, { userId })
    return yield* createUserApiKey(caller.project.id, userId, input)
  })

/** A new key of a team, for a caller who may manage the team's keys. */
export const createTeamApiKeyFor = (
  caller: KeyCaller,
  teamId: string,
  input: KeyInput
): Effect.Effect<TeamApiKeyCreated, TeamManageError, Db> =>
  Effect.gen(function* () {
    // A client's permission is checked by the insert itself (its guard: signed in first); anyone else's here.
    const guard = teamKeyGuard(caller)
    if (guard === undefined) yield* ensureCanManage(caller, { teamId })
    return yield* createTeamApiKey(caller.project.id, teamId, input, guard)
  })

/** The read of the key a caller presents, if it works (see {@link checkUserTeamApiKey}). */
export const checkPresentedKey = <T extends UserTeamApiKeyType>(
  projectId: string,
  type: T,
  presented: string
): Effect.Effect<KeyViews[T], CheckError, Db> =>
  Effect.gen(function* () {
    const row = yield* checkUserTeamApiKey(projectId, type, presented)
    const view = viewAs(type, row)
    // checkUserTeamApiKey answers a key of the kind asked for only (else WRONG_API_KEY_TYPE).
    return view ?? (yield* Effect.die(`checkUserTeamApiKey answered a key that is not a ${type} key`))
  })

/** The user whose keys a listing is about (`"me"` resolved): the service's schema requires one, in its own words. */
export const userKeysOwner = (actor: Actor, raw: string | undefined) =>
  raw === undefined
    ? Effect.fail(new SchemaError({ details: { message: "user_id is required for user API keys" } }))
    : resolveUserId(actor, raw)
