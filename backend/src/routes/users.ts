/**
 * Users: the signed-in user (`/users/me`, every tier) and, for server and admin, any user of the project
 * (`/users/{id}`, `POST /users`, `GET /users` with cursor pagination).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { ClientUserUpdate, ServerUserCreate, ServerUserUpdate } from "@stackfx/lib/domain/user-inputs.js"
import { ServerUser } from "@stackfx/lib/domain/user.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { CannotGetOwnUserWithoutUser, UserNotFound } from "@stackfx/lib/errors/known/users.js"
import type { Auth } from "../http/auth.js"
import { clientProfileImageCheck, totpSecretCheck } from "../http/client-input-checks.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, HttpStatusError, json, success } from "../http/respond.js"
import type { RequestLine } from "../http/request.js"
import { serverUserResponse, serverUserWire, userResponse } from "../operations/user-views.js"
import { createUser, deleteUser, type UserPatch, updateUser } from "../operations/users.js"
import { Db } from "../store/db.js"
import { findUserSignUp, findUserView, listUserViews } from "../store/users.js"
import { ALL, SERVER } from "../http/access.js"
import { tierBody } from "../http/tier-body.js"

const PositiveInt = Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThan(0))

const ListQuery = Schema.Struct({
  limit: Schema.optionalKey(PositiveInt),
  cursor: Schema.optionalKey(Schema.String),
  desc: Schema.optionalKey(Schema.Literals(["true", "false"])),
  order_by: Schema.optionalKey(Schema.Literal("signed_up_at")),
  query: Schema.optionalKey(Schema.String),
  team_id: Schema.optionalKey(Schema.String),
  include_restricted: Schema.optionalKey(Schema.Literals(["true", "false"])),
  include_anonymous: Schema.optionalKey(Schema.Literals(["true", "false"])),
  only_anonymous: Schema.optionalKey(Schema.Literals(["true", "false"]))
})

/**
 * Which users `GET /users` lists, from its flags as the hosted service reads them (all default to false):
 * none lists only unrestricted users; `include_restricted` adds restricted ones but not anonymous ones;
 * `include_anonymous` lists everybody; `only_anonymous` (which needs `include_anonymous`) only anonymous ones.
 */
const listedUsers = (query: typeof ListQuery.Type) => {
  if (query.only_anonymous === "true") {
    return query.include_anonymous === "true"
      ? Effect.succeed("anonymous" as const)
      : Effect.fail(new HttpStatusError({ status: 400, message: "only_anonymous=true requires include_anonymous=true" }))
  }
  if (query.include_anonymous === "true") return Effect.succeed("all" as const)
  return Effect.succeed(query.include_restricted === "true" ? "restricted" as const : "unrestricted" as const)
}

const ServerUserList = ListResponse(ServerUser)

/** Fields a client may not set on itself. */
const SERVER_ONLY_FIELDS = [
  "client_read_only_metadata", "server_metadata", "primary_email_verified", "primary_email_auth_enabled", "password",
  "password_hash", "restricted_by_admin", "restricted_by_admin_reason", "restricted_by_admin_private_details"
]

/**
 * The hosted service's rule on an administrator's restriction: a reason or private details need the
 * restriction on (after the write: the body's flag, else the stored one), or the answer is a plain 400.
 */
const restrictionCheck = (
  input: {
    readonly restrictedByAdmin?: boolean | undefined
    readonly restrictedByAdminReason?: string | null | undefined
    readonly restrictedByAdminPrivateDetails?: string | null | undefined
  },
  stored: boolean
) => {
  const effective = input.restrictedByAdmin ?? stored
  if (effective) return Effect.void
  if (input.restrictedByAdminReason != null) {
    return Effect.fail(new HttpStatusError({ status: 400, message: "restricted_by_admin_reason requires restricted_by_admin=true" }))
  }
  if (input.restrictedByAdminPrivateDetails != null) {
    return Effect.fail(
      new HttpStatusError({ status: 400, message: "restricted_by_admin_private_details requires restricted_by_admin=true" })
    )
  }
  return Effect.void
}

/** Decodes a PATCH body with the schema of the caller's tier, then the hosted service's further checks. */
const patchBody = (auth: Auth, raw: unknown, request: RequestLine) =>
  Effect.gen(function*() {
    const patch = yield* decodePatch(auth, raw, request)
    yield* totpSecretCheck(patch.totpSecretBase64, request)
    yield* clientProfileImageCheck(auth.accessType, patch.profileImageUrl)
    return patch
  })

const decodePatch = (auth: Auth, raw: unknown, request: RequestLine): Effect.Effect<UserPatch, SchemaError> =>
  tierBody(auth, raw, request, { client: ClientUserUpdate, server: ServerUserUpdate, serverOnlyFields: SERVER_ONLY_FIELDS })

const currentUser = (auth: Auth) =>
  auth.user === undefined ? Effect.fail(new CannotGetOwnUserWithoutUser({})) : Effect.succeed(auth.user)

/** `me` or an id, resolved to a user id of the project. */
const targetUserId = (auth: Auth, id: string | undefined) =>
  id === "me" || id === undefined ? Effect.map(currentUser(auth), (u) => u.id) : Effect.succeed(id)

export const routes = [
  endpoint({
    method: "GET",
    path: "/users/me",
    access: ALL,
    handler: ({ auth }) => Effect.flatMap(currentUser(auth), (user) => userResponse(user, auth.accessType))
  }),
  endpoint({
    method: "PATCH",
    path: "/users/me",
    access: ALL,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        const user = yield* currentUser(auth)
        const patch = yield* patchBody(auth, body, request)
        const updated = yield* updateUser(auth.project.id, user.id, patch)
        return yield* userResponse(updated, auth.accessType)
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/users/me",
    access: ALL,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        const user = yield* currentUser(auth)
        if (auth.accessType === "client" && !auth.project.config.clientUserDeletionEnabled) {
          return yield* Effect.fail(
            new HttpStatusError({ status: 400, message: "Client user deletion is not enabled for this project" })
          )
        }
        yield* deleteUser(auth.project.id, user.id)
        return success
      })
  }),
  endpoint({
    method: "GET",
    path: "/users/:userId",
    access: SERVER,
    handler: ({ auth, params }) =>
      Effect.gen(function*() {
        const userId = yield* targetUserId(auth, params["userId"])
        const user = yield* findUserView(yield* Db, auth.project.id, userId)
        if (user === undefined) return yield* Effect.fail(new UserNotFound({}))
        return yield* userResponse(user, auth.accessType)
      })
  }),
  endpoint({
    method: "PATCH",
    path: "/users/:userId",
    access: SERVER,
    handler: ({ auth, body, params, request }) =>
      Effect.gen(function*() {
        const userId = yield* targetUserId(auth, params["userId"])
        const patch = yield* patchBody(auth, body, request)
        if (patch.restrictedByAdminReason != null || patch.restrictedByAdminPrivateDetails != null) {
          const current = yield* findUserView(yield* Db, auth.project.id, userId)
          yield* restrictionCheck(patch, current?.restrictedByAdmin ?? false)
        }
        return yield* userResponse(yield* updateUser(auth.project.id, userId, patch), auth.accessType)
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/users/:userId",
    access: SERVER,
    handler: ({ auth, params }) =>
      Effect.gen(function*() {
        const userId = yield* targetUserId(auth, params["userId"])
        yield* deleteUser(auth.project.id, userId)
        return success
      })
  }),
  endpoint({
    method: "POST",
    path: "/users",
    access: SERVER,
    body: ServerUserCreate,
    handler: ({ auth, body, request }) =>
      Effect.andThen(
        Effect.andThen(totpSecretCheck(body.totpSecretBase64, request), restrictionCheck(body, false)),
        Effect.flatMap(createUser(auth.project, body), (user) => serverUserResponse(user, 201))
      )
  }),
  endpoint({
    method: "GET",
    path: "/users",
    access: SERVER,
    query: ListQuery,
    handler: ({ auth, query }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const include = yield* listedUsers(query)
        const desc = query.desc === "true"
        let cursor: { readonly signedUpAt: Date; readonly id: string } | undefined
        if (query.cursor !== undefined) {
          const signedUpAt = yield* findUserSignUp(db, auth.project.id, query.cursor)
          // A cursor whose user is gone starts nowhere: the page is empty, not the first page again.
          if (signedUpAt === undefined) {
            return yield* encoded(ServerUserList, { items: [], isPaginated: true, pagination: { nextCursor: null } })
          }
          cursor = { signedUpAt, id: query.cursor }
        }
        const found = yield* listUserViews(db, {
          projectId: auth.project.id,
          teamId: query.team_id,
          search: query.query,
          desc,
          cursor,
          include,
          limit: query.limit === undefined ? undefined : query.limit + 1
        })
        const items = query.limit === undefined ? found : found.slice(0, query.limit)
        const next = query.limit === undefined ? undefined : found[query.limit]
        return json({
          items: yield* Effect.forEach(items, serverUserWire),
          is_paginated: true,
          pagination: { next_cursor: next === undefined ? null : next.id }
        })
      })
  })
]
