/**
 * The signed-in user (`/users/me`), every access type: read, update, delete. These are the calls of the
 * always-loaded `CurrentUser`, so this module imports no schema (it names them, see first-load-schemas.ts)
 * and nothing else at run time either: every byte here is in every program's first load. `satisfies`
 * checks each declaration as `endpoint` would; the access list is access.ts's `ALL` and the schema names are
 * what `schemaRef` makes.
 *
 * A client gets the client view of the user and may set only the client fields; server and admin get and
 * set the server view.
 */
import type { DataKey } from "./data-keys.js"
import { dataKeys, session } from "./data-keys.js"
import type { EndpointSpec, SchemaRef } from "./declaration.js"

const path = "/users/me"
const access = ["client", "server", "admin"] as const
const ref = <const K extends SchemaRef["schemaRef"]>(name: K): SchemaRef<K> => ({ schemaRef: name })
const user = { client: ref("ClientUser"), server: ref("ServerUser") }
/** A call without a signed-in user. */
const signedIn = ["UserAuthenticationRequired", "CannotGetOwnUserWithoutUser"] as const
// A client may set a taken e-mail or a team it is not in (`selectedTeamId`), as on the hosted service.
// The service answers CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE for a taken e-mail, older ones
// USER_EMAIL_ALREADY_EXISTS.
const clientWrite = [
  ...signedIn,
  "ContactChannelAlreadyUsedForAuthBySomeoneElse",
  "UserEmailAlreadyExists",
  "TeamMembershipNotFound"
] as const

export const CurrentUserApi = {
  /** The signed-in user. */
  get: {
    name: "currentUser.get",
    method: "GET",
    path,
    access,
    success: user,
    errors: ["CannotGetOwnUserWithoutUser"]
  },
  /** Updates the signed-in user; a client sets only the client fields, server and admin also the password. */
  update: {
    name: "currentUser.update",
    method: "PATCH",
    path,
    access,
    body: { client: ref("ClientUserUpdate"), server: ref("ServerUserUpdate") },
    success: user,
    errors: { client: clientWrite, server: clientWrite },
    changes: [dataKeys.user] as ReadonlyArray<DataKey>
  },
  /** Deletes the signed-in user with their sessions; a client only where the project allows it. */
  delete: {
    name: "currentUser.delete",
    method: "DELETE",
    path,
    access,
    success: ref("SuccessResponse"),
    errors: signedIn,
    // The session ends with the user.
    changes: session
  }
} as const satisfies Record<string, EndpointSpec>
