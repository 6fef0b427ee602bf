/**
 * API keys of users (`/user-api-keys`) and teams (`/team-api-keys`): create (any access type), list, read
 * and update (description, revoke) for clients managing their own or their team's, and for servers managing
 * anyone's; `check` (server and admin) answers the key a caller presented, or why it does not work. The
 * rules are in operations/project-api-keys.ts; the order of the checks is the service's: the project
 * switch, the body and query, the caller's right, then the key.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import {
  ProjectApiKeyCheck,
  type ProjectApiKeyType,
  ProjectApiKeyUpdate,
  TeamApiKey,
  TeamApiKeyCreate,
  TeamApiKeyCreated,
  UserApiKey,
  UserApiKeyCreate,
  UserApiKeyCreated
} from "@stackfx/lib/domain/project-api-key.js"
import { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { ALL, SERVER } from "../http/access.js"
import { endpoint } from "../http/endpoint.js"
import { schemaErrorOf, validate } from "../http/request.js"
import { json } from "../http/respond.js"
import {
  checkProjectApiKey,
  createTeamApiKey,
  createUserApiKey,
  ensureCanManage,
  ensureKindEnabled,
  findManagedKey,
  keyView
} from "../operations/project-api-keys.js"
import { Db } from "../store/db.js"
import { STORABLE_MILLIS } from "../store/storable.js"
import { findProjectApiKey, listProjectApiKeys, updateProjectApiKey } from "../store/project-api-keys.js"
import { resolveUserId } from "./team-helpers.js"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// The service checks the id's format first: a non-UUID id is a SCHEMA_ERROR on `params.api_key_id`.
const IdParams = Schema.Struct({ api_key_id: Schema.String.check(Schema.isPattern(UUID)) })
const UserQuery = Schema.Struct({ user_id: Schema.optionalKey(Schema.String) })
const TeamQuery = Schema.Struct({ team_id: Schema.String })

const schemas = {
  user: { read: UserApiKey, created: UserApiKeyCreated, list: ListResponse(UserApiKey) },
  team: { read: TeamApiKey, created: TeamApiKeyCreated, list: ListResponse(TeamApiKey) }
} as const

type WireObject = Readonly<Record<string, unknown>>
const isObject = (value: unknown): value is WireObject => typeof value === "object" && value !== null && !Array.isArray(value)

/** The service leaves out the expiry of a key that never expires and the revocation of one never revoked. */
const hostedShape = (wire: unknown): unknown => {
  if (!isObject(wire)) return wire
  if (Array.isArray(wire["items"])) return { ...wire, items: wire["items"].map(hostedShape) }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(wire)) {
    if (value === null && (key === "expires_at_millis" || key === "manually_revoked_at_millis")) continue
    out[key] = value
  }
  return out
}

const answer = <S extends Schema.Top & { readonly EncodingServices: never }>(schema: S, value: S["Type"]) =>
  Effect.map(Effect.orDie(Schema.encodeEffect(schema)(value)), (wire) => json(hostedShape(wire)))

/**
 * An expiry the database can keep (years 1 to 9999). The service has no limit of its own (its database
 * refuses the rest with a server error), so this is the local backend's, worded as its project key sets'.
 */
const storableExpiry = (expiresAt: Date | null, request: { readonly method: string; readonly originalUrl: string }) => {
  const millis = expiresAt?.getTime()
  return millis === undefined || (millis >= STORABLE_MILLIS.min && millis <= STORABLE_MILLIS.max)
    ? Effect.void
    : Effect.fail(schemaErrorOf(request, [
      `body.expires_at_millis: must be between ${STORABLE_MILLIS.min} and ${STORABLE_MILLIS.max} (years 1 to 9999)`
    ]))
}

const idOf = (params: Readonly<Record<string, string | undefined>>, request: { readonly method: string; readonly originalUrl: string }) =>
  Effect.map(validate(IdParams, "params", params, request), (p) => p.api_key_id)

/** The read, list, update and check routes of one kind; the create routes differ by body and are below. */
const routesOf = (type: ProjectApiKeyType) => {
  const base = `/${type}-api-keys` as const
  const query = type === "user" ? UserQuery : TeamQuery
  const readAnswer = (row: Parameters<typeof keyView>[0]) => {
    const view = keyView(row)
    return view.type === "user" ? answer(schemas.user.read, view) : answer(schemas.team.read, view)
  }
  return [
    endpoint({
      method: "GET",
      path: base,
      access: ALL,
      query,
      handler: ({ auth, query }) =>
        Effect.gen(function*() {
          yield* ensureKindEnabled(auth, type)
          const db = yield* Db
          const owner = "team_id" in query
            ? { teamId: query.team_id }
            : query.user_id === undefined
            ? yield* Effect.fail(new SchemaError({ details: { message: "user_id is required for user API keys" } }))
            : { userId: yield* resolveUserId(auth, query.user_id) }
          yield* ensureCanManage(db, auth, owner)
          const items = (yield* listProjectApiKeys(db, auth.project.id, owner)).map(keyView)
          return type === "user"
            ? yield* answer(schemas.user.list, { items: items.filter((k) => k.type === "user"), isPaginated: false })
            : yield* answer(schemas.team.list, { items: items.filter((k) => k.type === "team"), isPaginated: false })
        })
    }),
    endpoint({
      method: "GET",
      path: `${base}/:api_key_id`,
      access: ALL,
      query,
      handler: ({ auth, params, request }) =>
        Effect.gen(function*() {
          yield* ensureKindEnabled(auth, type)
          const id = yield* idOf(params, request)
          return yield* readAnswer(yield* findManagedKey(yield* Db, auth, type, id))
        })
    }),
    endpoint({
      method: "PATCH",
      path: `${base}/:api_key_id`,
      access: ALL,
      query,
      body: ProjectApiKeyUpdate,
      handler: ({ auth, body, params, request }) =>
        Effect.gen(function*() {
          yield* ensureKindEnabled(auth, type)
          const id = yield* idOf(params, request)
          const db = yield* Db
          const row = yield* findManagedKey(db, auth, type, id)
          const revokedAt = body.revoked === true ? new Date(yield* Clock.currentTimeMillis) : undefined
          yield* updateProjectApiKey(db, auth.project.id, row.id, { description: body.description, revokedAt })
          const updated = yield* findProjectApiKey(db, auth.project.id, row.id)
          return yield* readAnswer(updated ?? row)
        })
    }),
    endpoint({
      method: "POST",
      path: `${base}/check`,
      access: SERVER,
      body: ProjectApiKeyCheck,
      handler: ({ auth, body }) =>
        Effect.gen(function*() {
          yield* ensureKindEnabled(auth, type)
          return yield* readAnswer(yield* checkProjectApiKey(yield* Db, auth.project.id, type, body.apiKey))
        })
    })
  ]
}

export const routes = [
  endpoint({
    method: "POST",
    path: "/user-api-keys",
    access: ALL,
    body: UserApiKeyCreate,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        yield* ensureKindEnabled(auth, "user")
        yield* storableExpiry(body.expiresAt, request)
        const db = yield* Db
        const owner = { userId: yield* resolveUserId(auth, body.userId) }
        yield* ensureCanManage(db, auth, owner)
        return yield* answer(schemas.user.created, yield* createUserApiKey(db, auth.project.id, owner.userId, body))
      })
  }),
  endpoint({
    method: "POST",
    path: "/team-api-keys",
    access: ALL,
    body: TeamApiKeyCreate,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        yield* ensureKindEnabled(auth, "team")
        yield* storableExpiry(body.expiresAt, request)
        const db = yield* Db
        const owner = { teamId: body.teamId }
        yield* ensureCanManage(db, auth, owner)
        return yield* answer(schemas.team.created, yield* createTeamApiKey(db, auth.project.id, owner.teamId, body))
      })
  }),
  ...routesOf("user"),
  ...routesOf("team")
]
