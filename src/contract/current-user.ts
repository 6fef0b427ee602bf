/**
 * The signed-in user (`/users/me`), every access type: read, update, delete. The calls of the always-loaded
 * `CurrentUser`, so this module imports no schema: it names them (`schemaRef`, see first-load-schemas.ts).
 * A client gets the client view of the user and may only set the client fields; server and admin get and
 * set the server view.
 */
import { ALL } from "./access.js"
import { dataKeys, session } from "./data-keys.js"
import { endpoint, schemaRef } from "./endpoint.js"

const user = { client: schemaRef("ClientUser"), server: schemaRef("ServerUser") }
/** A call without a signed-in user. */
const signedIn = ["UserAuthenticationRequired", "CannotGetOwnUserWithoutUser"] as const

export const CurrentUserApi = {
  get: endpoint({
    name: "currentUser.get",
    summary: "The signed-in user",
    method: "GET",
    path: "/users/me",
    access: ALL,
    success: user,
    errors: ["CannotGetOwnUserWithoutUser"]
  }),
  update: endpoint({
    name: "currentUser.update",
    summary: "Updates the signed-in user; a client sets only the client fields",
    method: "PATCH",
    path: "/users/me",
    access: ALL,
    body: { client: schemaRef("ClientUserUpdate"), server: schemaRef("ServerUserUpdate") },
    success: user,
    // A client may set a taken e-mail or a team it is not in (`selectedTeamId`), as on the hosted service;
    // only server and admin set a password.
    errors: {
      client: [...signedIn, "UserEmailAlreadyExists", "TeamMembershipNotFound"],
      server: [...signedIn, "UserEmailAlreadyExists", "TeamMembershipNotFound", "PasswordTooShort", "PasswordTooLong"]
    },
    changes: [dataKeys.user]
  }),
  delete: endpoint({
    name: "currentUser.delete",
    summary: "Deletes the signed-in user with their sessions; a client only where the project allows it",
    method: "DELETE",
    path: "/users/me",
    access: ALL,
    success: schemaRef("SuccessResponse"),
    errors: signedIn,
    // The session ends with the user.
    changes: session
  })
}
