/**
 * Any user of the project (`/users`, `/users/{user_id}`), server and admin: list with cursor pagination and
 * filters, read, create, update, delete. `/users/me` is the signed-in user's own path, for every access type
 * (current-user.ts).
 */
import * as Schema from "effect/Schema"
import { ListResponse } from "../domain/list.js"
import { SuccessResponse } from "../domain/success.js"
import { ServerUserCreate, ServerUserUpdate } from "../domain/user-inputs.js"
import { ServerUser } from "../domain/user.js"
import { UserIdOrMe } from "../domain/ids.js"
import { SERVER } from "./access.js"
import { dataKeys, session } from "./data-keys.js"
import { endpoint } from "./declaration.js"

const Flag = Schema.optionalKey(Schema.Literals(["true", "false"]))

/** The most users one page of `GET /users` holds (a longer list needs a limit and paging). */
export const MAX_USERS_PAGE = 1000

/**
 * The query of `GET /users`; the flags default to false. `cursor` is the previous page's `next_cursor` (the
 * id of its last user); `excluded_email_domains` a comma-separated list of primary e-mail domains to leave out.
 */
export const UserListQuery = Schema.Struct({
  limit: Schema.optionalKey(
    Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(MAX_USERS_PAGE))
  ),
  cursor: Schema.optionalKey(Schema.String),
  desc: Flag,
  order_by: Schema.optionalKey(Schema.Literals(["signed_up_at", "last_active_at"])),
  query: Schema.optionalKey(Schema.String),
  excluded_email_domains: Schema.optionalKey(Schema.String),
  team_id: Schema.optionalKey(Schema.String),
  include_restricted: Flag,
  include_anonymous: Flag,
  only_anonymous: Flag
})

export const UsersApi = {
  list: endpoint({
    name: "users.list",
    summary:
      "The users of the project, a page at a time (by sign-up or last activity), filtered by search, team, kind and e-mail domain",
    method: "GET",
    path: "/users",
    access: SERVER,
    query: UserListQuery,
    success: ListResponse(ServerUser),
    errors: []
  }),
  get: endpoint({
    name: "users.get",
    summary: "One user",
    method: "GET",
    path: "/users/{user_id}",
    params: { user_id: UserIdOrMe },
    access: SERVER,
    query: UserListQuery,
    success: ServerUser,
    errors: ["UserNotFound"]
  }),
  create: endpoint({
    name: "users.create",
    summary: "A new user; an e-mail used for sign-in must be free",
    method: "POST",
    path: "/users",
    access: SERVER,
    query: UserListQuery,
    body: ServerUserCreate,
    success: ServerUser,
    status: 201,
    // The service's refusal of an address someone signs in with; older services sent UserEmailAlreadyExists.
    errors: ["ContactChannelAlreadyUsedForAuthBySomeoneElse", "UserEmailAlreadyExists"]
  }),
  update: endpoint({
    name: "users.update",
    summary: "Updates a user; a new password ends their sessions",
    method: "PATCH",
    path: "/users/{user_id}",
    params: { user_id: UserIdOrMe },
    access: SERVER,
    query: UserListQuery,
    body: ServerUserUpdate,
    success: ServerUser,
    errors: [
      "UserNotFound",
      "ContactChannelAlreadyUsedForAuthBySomeoneElse",
      "UserEmailAlreadyExists",
      "TeamMembershipNotFound"
    ],
    // The user may be the signed-in one.
    changes: [dataKeys.user]
  }),
  delete: endpoint({
    name: "users.delete",
    summary: "Deletes a user with their sessions, memberships and contact channels",
    method: "DELETE",
    path: "/users/{user_id}",
    params: { user_id: UserIdOrMe },
    access: SERVER,
    query: UserListQuery,
    success: SuccessResponse,
    errors: ["UserNotFound"],
    // Their sessions end with them (the signed-in one's maybe).
    changes: session
  })
}
