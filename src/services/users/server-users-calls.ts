/**
 * The members of {@link ServerUsers} (`listAll` is built over `list` in server-users.ts), each a call of a
 * declared endpoint (contract/users.ts) or written over one.
 */
import type * as Effect from "effect/Effect"
import { UsersApi } from "../../contract/users.js"
import type { ServerUserCreate, ServerUserUpdate } from "../../domain/user-inputs.js"
import type { ServerUser } from "../../domain/user.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, functionCall } from "../http/service-calls.js"
import type { ServerUserListOptions, ServerUserPage, UserRestriction } from "./server-users.js"

const user = (userId: string) => ({ params: { user_id: userId } })
const nothing = (): void => undefined

/** What the PATCH of a restriction can fail with: the update's errors. */
type RestrictFailure = InvalidInput | CallFailureAt<typeof UsersApi.update, "server">

export const ServerUsersCalls = {
  /** `list({ limit: 10 })` then `list({ limit: 10, cursor: page.nextCursor })` for the next page. */
  list: custom<
    (
      options?: ServerUserListOptions
    ) => Effect.Effect<ServerUserPage, InvalidInput | CallFailureAt<typeof UsersApi.list, "server">>
  >("function"),
  get: functionCall(UsersApi.get, "server", user),
  /**
   * `create({ primaryEmail: "ann@example.com", password: "..." })`; an email used for sign-in must be free. The
   * service stores `primaryEmail` trimmed and lower-cased.
   */
  create: functionCall(UsersApi.create, "server", (newUser: ServerUserCreate) => ({ body: newUser })),
  /**
   * Absent keys stay unchanged; `selectedTeamId` must be one of the user's teams; a new `primaryEmail` is stored
   * trimmed and lower-cased; `password` (a new one, or `null` to remove it) or `passwordHash` ends every session
   * of the user. `restrictedByAdmin` restricts (`true`, with `restrictedByAdminReason` shown to the user and
   * `restrictedByAdminPrivateDetails` for administrators) or lifts the restriction (`false`, which clears both);
   * a reason or details without the restriction on is an `HttpError` 400. `restrict` / `unrestrict` say it shorter.
   */
  update: functionCall(UsersApi.update, "server", (userId: string, patch: ServerUserUpdate) => ({
    ...user(userId),
    body: patch
  })),
  /** Deletes the user with their sessions, memberships and contact channels. */
  delete: functionCall(UsersApi.delete, "server", user, nothing),
  /**
   * An administrator restricts the user: `restrict(id, { reason: "Unpaid invoice", privateDetails: "ticket 42" })`.
   * They stay signed in, with `isRestricted` and `restrictedReason: { type: "restricted_by_administrator" }`
   * (unless an earlier reason applies: anonymous, an unverified e-mail), and the service refuses their session
   * where restricted users are not allowed. `update(id, { restrictedByAdmin: true, ... })` is the same PATCH.
   * Their current access token keeps its state until it is renewed (at most its 10 minutes).
   */
  restrict: custom<(userId: string, restriction?: UserRestriction) => Effect.Effect<ServerUser, RestrictFailure>>(
    "function",
    UsersApi.update.changes
  ),
  /** Lifts an administrator's restriction; the service clears its reason and private details with it. */
  unrestrict: custom<(userId: string) => Effect.Effect<ServerUser, RestrictFailure>>(
    "function",
    UsersApi.update.changes
  )
}
