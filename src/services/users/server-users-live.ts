/** The requests of {@link ServerUsers}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { ListResponse } from "../../domain/list.js"
import { SuccessResponse } from "../../domain/success.js"
import { ServerUserCreate, ServerUserUpdate } from "../../domain/user-inputs.js"
import { ServerUser } from "../../domain/user.js"
import { InvalidInput } from "../../errors/client/invalid-input.js"
import { announcing } from "../changes/data-changes.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import type { ServerUserListOptions, ServerUserPage, ServerUserRequests, UserRestriction } from "./server-users.js"
import { jsonBody, Transport } from "../http/transport.js"
import { serverUsersChanges } from "../changes/write-keys.js"
import { ServerUsersErrors } from "./server-users-errors.js"
import { encodeInput } from "../http/wire-codec.js"

const checkLimit = (limit: number | undefined): Effect.Effect<void, InvalidInput> =>
  limit === undefined || (Number.isInteger(limit) && limit > 0)
    ? Effect.void
    : Effect.fail(new InvalidInput({ message: `limit must be a positive integer, got ${limit}` }))

/** The service answers `only_anonymous` without `include_anonymous` with a plain 400; refused here first. */
const checkFilters = (options: ServerUserListOptions): Effect.Effect<void, InvalidInput> =>
  options.onlyAnonymous === true && options.includeAnonymous !== true
    ? Effect.fail(new InvalidInput({ message: "onlyAnonymous requires includeAnonymous" }))
    : Effect.void

/** A flag as the query wants it: `"true"` when set, left out otherwise (the service's default is false). */
const flag = (value: boolean | undefined): "true" | undefined => (value === true ? "true" : undefined)

const ServerUserList = ListResponse(ServerUser)

export const makeServerUserRequests: Effect.Effect<ServerUserRequests, never, Transport> = announcing(serverUsersChanges, Effect.gen(function*() {
  const transport = yield* Transport
  const encodeCreate = encodeInput(ServerUserCreate)
  const encodeUpdate = encodeInput(ServerUserUpdate)

  const list = (options: ServerUserListOptions = {}) =>
    checkLimit(options.limit).pipe(
      Effect.andThen(checkFilters(options)),
      Effect.andThen(
        transport.requestJson({
          method: "GET",
          path: "/users",
          query: {
            limit: options.limit,
            cursor: options.cursor,
            desc: options.desc,
            order_by: options.orderBy === undefined ? undefined : "signed_up_at",
            query: options.query,
            team_id: options.teamId,
            include_restricted: flag(options.includeRestricted),
            include_anonymous: flag(options.includeAnonymous),
            only_anonymous: flag(options.onlyAnonymous)
          }
        }, ServerUserList)
      ),
      Effect.map((page): ServerUserPage => ({
        items: page.items,
        nextCursor: page.isPaginated ? page.pagination.nextCursor : null
      })),
      documented(...ServerUsersErrors.list)
    )

  const get = (userId: string) =>
    transport.requestJson({ method: "GET", path: `/users/${segment(userId)}` }, ServerUser).pipe(
      documented(...ServerUsersErrors.get)
    )

  const create = (user: ServerUserCreate) =>
    encodeCreate(user).pipe(
      Effect.flatMap((body) => transport.requestJson({ method: "POST", path: "/users", body: jsonBody(body) }, ServerUser)),
      documented(...ServerUsersErrors.create)
    )

  const patchUser = (userId: string, patch: ServerUserUpdate) =>
    encodeUpdate(patch).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "PATCH", path: `/users/${segment(userId)}`, body: jsonBody(body) }, ServerUser)
      )
    )

  const update = (userId: string, patch: ServerUserUpdate) => patchUser(userId, patch).pipe(documented(...ServerUsersErrors.update))

  const remove = (userId: string) =>
    transport.requestJson({ method: "DELETE", path: `/users/${segment(userId)}` }, SuccessResponse).pipe(
      Effect.asVoid,
      documented(...ServerUsersErrors.delete)
    )

  // The same PATCH as `update`, narrowed to what a restriction-only body can fail with.
  const restrict = (userId: string, restriction: UserRestriction = {}) =>
    patchUser(userId, {
      restrictedByAdmin: true,
      ...(restriction.reason === undefined ? {} : { restrictedByAdminReason: restriction.reason }),
      ...(restriction.privateDetails === undefined ? {} : { restrictedByAdminPrivateDetails: restriction.privateDetails })
    }).pipe(documented(...ServerUsersErrors.restrict))

  const unrestrict = (userId: string) =>
    patchUser(userId, { restrictedByAdmin: false }).pipe(documented(...ServerUsersErrors.unrestrict))

  return { list, get, create, update, delete: remove, restrict, unrestrict }
}))
