/**
 * API keys of users and teams, with the hosted service's rules: the project must allow the kind (else a
 * plain 400 naming it); a client manages its own user's keys (else a plain 403) and the keys of teams where
 * it holds `$manage_api_keys`, directly or through a permission containing it (else API_KEY_NOT_FOUND, so
 * a team's existence does not leak); server and admin manage anyone's. A key's value is answered once, by
 * the create; the database keeps its sha256.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type {
  ProjectApiKeyType,
  TeamApiKey,
  TeamApiKeyCreated,
  UserApiKey,
  UserApiKeyCreated
} from "@stackfx/lib/domain/project-api-key.js"
import { projectApiKeyValidity } from "@stackfx/lib/domain/rules/api-key-validity.js"
import { ApiKeyExpired, ApiKeyNotFound, ApiKeyRevoked, WrongApiKeyType } from "@stackfx/lib/errors/known/api-keys.js"
import type { TeamNotFound } from "@stackfx/lib/errors/known/teams.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import type { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import type { Auth } from "../http/auth.js"
import { HttpStatusError } from "../http/respond.js"
import { makeProjectApiKey, parseProjectApiKey } from "../crypto/project-api-key-format.js"
import { randomId, secretMatches } from "../crypto/secrets.js"
import type { DbError, DbShape } from "../store/db.js"
import { findProjectApiKey, insertProjectApiKey, type ProjectApiKeyRow } from "../store/project-api-keys.js"
import { ensureTeam, ensureUser } from "./team-access.js"
import { listMemberPermissions } from "./team-permissions.js"

/** The permission a client needs on a team to manage its keys (the service's id). */
export const MANAGE_API_KEYS = "$manage_api_keys"

/** Who a key belongs to. */
export type KeyOwner = { readonly userId: string } | { readonly teamId: string }

/** The plain 400 of a project that has the kind switched off, worded as the service words it. */
export const ensureKindEnabled = (auth: Auth, type: ProjectApiKeyType): Effect.Effect<void, HttpStatusError> => {
  const config = auth.project.config
  const enabled = type === "user" ? config.allowUserApiKeys : config.allowTeamApiKeys
  return enabled
    ? Effect.void
    : Effect.fail(new HttpStatusError({ status: 400, message: `${type === "user" ? "User" : "Team"} API keys are not enabled for this project.` }))
}

export type ManageError = UserAuthenticationRequired | HttpStatusError | ApiKeyNotFound | UserNotFound | TeamNotFound | DbError

/**
 * Whether the caller may manage the keys of `owner`. A client needs to be signed in, and to be the user or
 * hold the permission on the team. Server and admin may manage anyone's; an owner that does not exist is
 * USER_NOT_FOUND or TEAM_NOT_FOUND here (the service has no answer of its own for it: its insert fails).
 */
export const ensureCanManage = (db: DbShape, auth: Auth, owner: KeyOwner): Effect.Effect<void, ManageError> =>
  Effect.gen(function*() {
    const projectId = auth.project.id
    if (auth.accessType !== "client") {
      if ("userId" in owner) yield* ensureUser(db, projectId, owner.userId)
      else yield* ensureTeam(db, projectId, owner.teamId)
      return
    }
    const me = auth.user
    if (me === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
    if ("userId" in owner) {
      if (owner.userId !== me.id) {
        return yield* Effect.fail(new HttpStatusError({ status: 403, message: "Client can only manage their own api keys" }))
      }
      return
    }
    const held = yield* listMemberPermissions(db, {
      projectId,
      teamId: owner.teamId,
      userId: me.id,
      permissionId: MANAGE_API_KEYS,
      recursive: true
    })
    if (held.length === 0) return yield* Effect.fail(new ApiKeyNotFound({}))
  })

const ownerOf = (row: ProjectApiKeyRow): KeyOwner =>
  row.userId !== null ? { userId: row.userId } : { teamId: row.teamId ?? "" }

const typeOf = (row: ProjectApiKeyRow): ProjectApiKeyType => (row.userId !== null ? "user" : "team")

const common = (row: ProjectApiKeyRow) => ({
  id: row.id,
  description: row.description,
  expiresAt: row.expiresAt,
  manuallyRevokedAt: row.manuallyRevokedAt,
  createdAt: row.createdAt,
  isPublic: row.isPublic
})

/** The read of a stored key: last four characters only. */
export const keyView = (row: ProjectApiKeyRow): UserApiKey | TeamApiKey =>
  row.userId !== null
    ? { ...common(row), type: "user", userId: row.userId, value: { lastFour: row.lastFour } }
    : { ...common(row), type: "team", teamId: row.teamId ?? "", value: { lastFour: row.lastFour } }

/** A key of the kind a route serves, by id, that the caller may manage; anything else is API_KEY_NOT_FOUND. */
export const findManagedKey = (
  db: DbShape,
  auth: Auth,
  type: ProjectApiKeyType,
  id: string
): Effect.Effect<ProjectApiKeyRow, ManageError> =>
  Effect.gen(function*() {
    const row = yield* findProjectApiKey(db, auth.project.id, id)
    // The service would fail a key of the other kind with a server error after the access check; a key of
    // the other kind is simply not one this route knows.
    if (row === undefined || typeOf(row) !== type) return yield* Effect.fail(new ApiKeyNotFound({}))
    yield* ensureCanManage(db, auth, ownerOf(row))
    return row
  })

type KeyInput = { readonly description: string; readonly expiresAt: Date | null; readonly isPublic?: boolean | undefined }

/** Stores a new key for `owner`; answers the fields both kinds share, with the value (shown this once). */
const insertNew = (db: DbShape, projectId: string, owner: KeyOwner, input: KeyInput) =>
  Effect.gen(function*() {
    const id = yield* randomId
    const createdAt = new Date(yield* Clock.currentTimeMillis)
    const isPublic = input.isPublic ?? false
    const value = makeProjectApiKey({ id, type: "userId" in owner ? "user" : "team", isPublic })
    const userId = "userId" in owner ? owner.userId : null
    const teamId = "teamId" in owner ? owner.teamId : null
    yield* insertProjectApiKey(db, { id, projectId, userId, teamId, description: input.description, isPublic, value, createdAt, expiresAt: input.expiresAt })
    return { id, description: input.description, expiresAt: input.expiresAt, manuallyRevokedAt: null, createdAt, isPublic, value }
  })

/** Creates a key of a user; the answer is the one place its value appears. */
export const createUserApiKey = (db: DbShape, projectId: string, userId: string, input: KeyInput): Effect.Effect<UserApiKeyCreated, DbError> =>
  Effect.map(insertNew(db, projectId, { userId }, input), (base) => ({ ...base, type: "user" as const, userId }))

/** Creates a key of a team; the answer is the one place its value appears. */
export const createTeamApiKey = (db: DbShape, projectId: string, teamId: string, input: KeyInput): Effect.Effect<TeamApiKeyCreated, DbError> =>
  Effect.map(insertNew(db, projectId, { teamId }, input), (base) => ({ ...base, type: "team" as const, teamId }))

export type CheckError = ApiKeyNotFound | WrongApiKeyType | ApiKeyRevoked | ApiKeyExpired | DbError

/**
 * The key a caller presents, checked in the service's order: unknown (API_KEY_NOT_FOUND), of the other kind
 * (WRONG_API_KEY_TYPE), revoked (API_KEY_REVOKED), expired (API_KEY_EXPIRED), at the Clock's time. The id the
 * key carries finds the row and the stored hash is compared in constant time.
 */
export const checkProjectApiKey = (
  db: DbShape,
  projectId: string,
  type: ProjectApiKeyType,
  presented: string
): Effect.Effect<ProjectApiKeyRow, CheckError> =>
  Effect.gen(function*() {
    const parsed = parseProjectApiKey(presented)
    const row = parsed === undefined ? undefined : yield* findProjectApiKey(db, projectId, parsed.id)
    if (row === undefined || !secretMatches(presented, row.secretHash)) return yield* Effect.fail(new ApiKeyNotFound({}))
    const actual = typeOf(row)
    if (actual !== type) {
      return yield* Effect.fail(new WrongApiKeyType({ details: { expected_type: type, actual_type: actual } }))
    }
    const validity = projectApiKeyValidity(row, yield* Clock.currentTimeMillis)
    if (validity._tag === "ManuallyRevoked") return yield* Effect.fail(new ApiKeyRevoked({}))
    if (validity._tag === "Expired") return yield* Effect.fail(new ApiKeyExpired({}))
    return row
  })
