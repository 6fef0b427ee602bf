/**
 * The signed-in user (`/users/me`), available on every tier that has a session. Always loaded (every
 * program's first load), so it imports no schema: its calls are the declarations of contract/current-user.ts,
 * which name their schemas, resolved through the codec that loads with the first call. It sends them over the
 * transport itself rather than through `caller` (services/http/call.ts): method, path, schemas and errors
 * are the declarations', and the first load stays without the generic call code (`get` also needs the
 * transport's signed-in-only send).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { CurrentUserApi } from "../../contract/current-user.js"
import { none } from "../../contract/data-keys.js"
import type { ClientUser } from "../../domain/user.js"
import type { ClientUserUpdate } from "../../domain/user-inputs.js"
import { type AuthHeaders, type AuthJson, authHeadersOf, authJsonOf } from "../session/auth-json.js"
import { announcing, type Changes } from "../changes/data-changes.js"
import { AllowedUsers } from "../wire/transport-request.js"
import type { CallFailureAt } from "../http/call.js"
import { type CallFailure, documented, narrowedTo, jsonBody, Transport } from "../http/transport.js"
import { Session } from "../session/session.js"
import { tracedService } from "../wire/tracing.js"
import { lazySchema, wireCodec } from "../wire/wire-codec-load.js"

/** Which signed-in users `CurrentUser.getWith` returns besides unrestricted ones. */
export interface CurrentUserGetOptions {
  /** Also a restricted user (an unverified e-mail where the project requires one; an administrator's restriction). */
  readonly includeRestricted?: boolean | undefined
  /** Also an anonymous user (implies `includeRestricted`). */
  readonly includeAnonymous?: boolean | undefined
}

/** What the CurrentUser service offers; see its tag for the rules. */
export interface CurrentUserShape {
  /**
   * The signed-in user, or `null` for a visitor (no request is sent without a session). A restricted or
   * anonymous user whom the tier does not accept (`allowRestrictedUser`, `allowAnonymousUser`) also reads
   * as `null`, as the official SDK's `getUser()` has it; `getWith` reads them.
   */
  readonly get: Effect.Effect<ClientUser | null, CallFailure>
  /**
   * `get`, also returning the users the options include: `getWith({ includeRestricted: true })` shows a
   * user who must verify their e-mail who they are. Exactly the options decide (an anonymous user needs
   * `includeAnonymous`, whatever the tier accepts).
   */
  readonly getWith: (options: CurrentUserGetOptions) => Effect.Effect<ClientUser | null, CallFailure>
  /** `update({ displayName: "Ann" })`: patches the signed-in user and answers the new view. */
  readonly update: (
    patch: ClientUserUpdate
  ) => Effect.Effect<ClientUser, CallFailureAt<typeof CurrentUserApi.update, "client">>
  /** Deletes the signed-in user; the session ends with it. */
  readonly delete: Effect.Effect<void, CallFailureAt<typeof CurrentUserApi.delete, "client">>
  /**
   * The session's tokens for the app's own server, the access token likely valid (refreshed when it would
   * expire within 20 s); both `null` for a visitor. For requests that cannot carry headers (a WebSocket
   * message); over HTTP use `authHeaders`.
   */
  readonly authJson: Effect.Effect<AuthJson, CallFailure>
  /**
   * `{ "x-stack-auth": … }`, the session for the app's own server, read there by the server tier's
   * `RequestAuth`: `fetch("/api/profile", { headers: yield* me.authHeaders })`.
   */
  readonly authHeaders: Effect.Effect<AuthHeaders, CallFailure>
}

/** What each member makes stale: the writes' keys are their declarations' (contract/current-user.ts). @internal */
export const currentUserChanges = {
  get: none,
  getWith: none,
  update: CurrentUserApi.update.changes,
  delete: CurrentUserApi.delete.changes,
  authJson: none,
  authHeaders: none
} satisfies Changes<CurrentUserShape>

const read = CurrentUserApi.get

/** The signed-in user: read and update their profile, delete the account, and the auth headers of their session. */
export class CurrentUser
  extends /* @__PURE__ */ Context.Service<CurrentUser, CurrentUserShape>()("stackfx/CurrentUser")
{
  static readonly layer: Layer.Layer<CurrentUser, never, Transport | Session> = /* @__PURE__ */ Layer.effect(
    CurrentUser,
    announcing(
      currentUserChanges,
      Effect.gen(function* () {
        const transport = yield* Transport
        const session = yield* Session
        // Named through the codec, which loads with the first call: the first load carries no schema.
        const clientUser = lazySchema((codec) => codec.schemas[read.success.client.schemaRef])

        // No session, or a refresh token the server just rejected (the session ends): a visitor, no request (the
        // transport reads the session once for both).
        const undocumented = narrowedTo()
        const get = Effect.catch(
          transport.requestJsonIfSignedIn({ method: read.method, path: read.path }, clientUser),
          // The server's way of saying "nobody is signed in": a visitor, not a failure. Handled with the
          // narrowing in one step: this is every page's call.
          // A session the service refuses for its user's state (restricted or anonymous, not accepted) is no
          // user to this call either.
          (error) =>
            error._tag === "CannotGetOwnUserWithoutUser" ||
            error._tag === "RestrictedUserNotAllowed" ||
            error._tag === "AnonymousAuthenticationNotAllowed"
              ? Effect.succeed(null)
              : Effect.fail(undocumented(error))
        )
        const getWith = ({ includeAnonymous = false, includeRestricted = false }: CurrentUserGetOptions) =>
          Effect.map(
            Effect.provideService(
              get,
              AllowedUsers,
              includeAnonymous ? "anonymous" : includeRestricted ? "restricted" : "unrestricted"
            ),
            (user) =>
              user !== null && (user.isAnonymous ? !includeAnonymous : user.isRestricted && !includeRestricted)
                ? null
                : user
          )

        const { update: write, delete: erase } = CurrentUserApi
        const update = (patch: ClientUserUpdate) =>
          Effect.flatMap(wireCodec(write.method, write.path), (codec) =>
            codec.encodeInput(codec.schemas[write.body.client.schemaRef])(patch)
          ).pipe(
            Effect.flatMap((body) =>
              transport.requestJson({ method: write.method, path: write.path, body: jsonBody(body) }, clientUser)
            ),
            documented(...write.errors.client)
          )

        const remove = transport
          .requestJson(
            { method: erase.method, path: erase.path },
            lazySchema((codec) => codec.schemas[erase.success.schemaRef])
          )
          .pipe(Effect.andThen(session.clear), documented(...erase.errors))

        const authJson = session.getTokens().pipe(
          // The default freshness is always valid, so InvalidFreshness here would be a bug, not an outcome.
          Effect.catchTag("InvalidFreshness", (e) => Effect.die(e)),
          Effect.map(authJsonOf),
          documented()
        )

        return CurrentUser.of(
          tracedService(CurrentUser.key, {
            get,
            getWith,
            update,
            delete: remove,
            authJson,
            authHeaders: Effect.map(authJson, authHeadersOf)
          })
        )
      })
    )
  )
}
