/**
 * The signed-in user (`/users/me`), available on every tier that has a session. Its reads (`get`, `getWith`,
 * `authJson`, `authHeaders`) are what every program's first load runs, so they are written in
 * current-user-first-load.ts and built with the service's layer: a page's first read sends its request at
 * once, while the codec loads. `update` and `delete` load with the other implementations on their first
 * call, like every other service's members.
 */
import * as Effect from "effect/Effect"
import { CurrentUserApi } from "../../contract/current-user.js"
import type { ClientUser } from "../../domain/user.js"
import type { ClientUserUpdate } from "../../domain/user-inputs.js"
import type { AuthHeaders, AuthJson } from "../session/auth-json.js"
import { caller, type CallFailureAt, custom, firstLoad, functionCall, implement } from "../http/service-calls.js"
import { type CallFailure, Transport } from "../http/transport.js"
import { Session } from "../session/session.js"

/** Which signed-in users `CurrentUser.getWith` returns besides unrestricted ones. */
export interface CurrentUserGetOptions {
  /** Also a restricted user (an unverified e-mail where the project requires one; an administrator's restriction). */
  readonly includeRestricted?: boolean | undefined
  /** Also an anonymous user (implies `includeRestricted`). */
  readonly includeAnonymous?: boolean | undefined
}

/** The signed-in user: read and update their profile, delete the account, and the auth headers of their session. */
export const CurrentUserCalls = {
  /**
   * The signed-in user, or `null` for a visitor (no request is sent without a session). A restricted or
   * anonymous user whom the tier does not accept (`allowRestrictedUser`, `allowAnonymousUser`) also reads
   * as `null`, as the official SDK's `getUser()` has it; `getWith` reads them.
   */
  get: firstLoad<Effect.Effect<ClientUser | null, CallFailure>>("effect"),
  /**
   * `get`, also returning the users the options include: `getWith({ includeRestricted: true })` shows a
   * user who must verify their e-mail who they are. Exactly the options decide (an anonymous user needs
   * `includeAnonymous`, whatever the tier accepts).
   */
  getWith: firstLoad<(options: CurrentUserGetOptions) => Effect.Effect<ClientUser | null, CallFailure>>("function"),
  /** `update({ displayName: "Ann" })`: patches the signed-in user and answers the new view. */
  update: functionCall(CurrentUserApi.update, "client", (patch: ClientUserUpdate) => ({ body: patch })),
  /** Deletes the signed-in user; the session ends with it. */
  delete: custom<Effect.Effect<void, CallFailureAt<typeof CurrentUserApi.delete, "client">>>(
    "effect",
    CurrentUserApi.delete.changes
  ),
  /**
   * The session's tokens for the app's own server, the access token likely valid (refreshed when it would
   * expire within 20 s); both `null` for a visitor. For requests that cannot carry headers (a WebSocket
   * message); over HTTP use `authHeaders`.
   */
  authJson: firstLoad<Effect.Effect<AuthJson, CallFailure>>("effect"),
  /**
   * `{ "x-stack-auth": … }`, the session for the app's own server, read there by the server tier's
   * `RequestAuth`: `fetch("/api/profile", { headers: yield* me.authHeaders })`.
   */
  authHeaders: firstLoad<Effect.Effect<AuthHeaders, CallFailure>>("effect")
}

/** `update` and `delete`, loaded with the other implementations on their first call (services/live.ts). */
export const makeCurrentUser = implement(
  CurrentUserCalls,
  Effect.gen(function* () {
    const remove = caller(yield* Transport, CurrentUserApi.delete, "client")
    const session = yield* Session
    return { delete: Effect.andThen(remove({}), session.clear) }
  })
)
