/**
 * Connected accounts (`/connected-accounts/{userId|me}`): the list of a user's connected accounts, and the
 * provider access token of one, `{ access_token }` (201) for a body `{ scope? }`:
 * - `POST .../{provider}/{providerAccountId}/access-token`, the newer path naming the provider account;
 * - `POST .../{provider}/access-token`, the older per-provider path (any of the user's accounts of it);
 * - `POST /auth/oauth/connected-accounts/{provider}/access-token`, the oldest path of the signed-in user's
 *   own token, which the hosted service still answers (deprecated there, kept for older clients).
 * Clients may ask for themselves only (hosted's plain 403s); servers for any user.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ConnectedAccountList } from "@stackfx/lib/domain/connected-account.js"
import { ConnectedAccountAccessToken } from "@stackfx/lib/domain/tokens.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, HttpStatusError } from "../http/respond.js"
import { connectedAccountAccessToken, connectedAccounts, tokenProvider } from "../operations/connected-accounts.js"
import { Db } from "../store/db.js"
import { findUserView } from "../store/users.js"
import { ALL } from "../http/access.js"
import { ownUser } from "./team-helpers.js"

const Body = Schema.Struct({ scope: Schema.optionalKey(Schema.String) })

/**
 * The user a token request names: "me", the client itself (403 otherwise), or any existing user for a
 * server. The provider is checked between the two, in hosted's order: an unknown or shared provider is
 * answered before an unknown user.
 */
const tokenUser = (auth: Auth, requested: string, providerId: string) =>
  Effect.gen(function*() {
    if (requested === "me") {
      if (auth.user === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
      return auth.user.id
    }
    if (auth.accessType === "client" && auth.user?.id !== requested) {
      return yield* Effect.fail(new HttpStatusError({ status: 403, message: "Client can only access its own connected accounts" }))
    }
    yield* tokenProvider(auth.project, providerId)
    const user = yield* findUserView(yield* Db, auth.project.id, requested)
    if (user === undefined) return yield* Effect.fail(new UserNotFound({}))
    return user.id
  })

const accessTokenFor = (
  auth: Auth,
  requested: string,
  providerId: string,
  scope: string | undefined,
  providerAccountId?: string
) =>
  Effect.gen(function*() {
    const userId = yield* tokenUser(auth, requested, providerId)
    const accessToken = yield* connectedAccountAccessToken(auth.project, userId, providerId, scope, providerAccountId)
    return yield* encoded(ConnectedAccountAccessToken, { accessToken }, 201)
  })

/** The user a list names: a client only itself (hosted's plain 403 for anyone else), a server any existing user. */
const listedUser = (auth: Auth, requested: string) =>
  Effect.gen(function*() {
    if (auth.accessType === "client") {
      const me = yield* ownUser(auth)
      if (requested !== "me" && requested !== me.id) {
        return yield* Effect.fail(
          new HttpStatusError({ status: 403, message: "Client can only list connected accounts for their own user." })
        )
      }
      return me.id
    }
    const userId = requested === "me" ? (yield* ownUser(auth)).id : requested
    if ((yield* findUserView(yield* Db, auth.project.id, userId)) === undefined) return yield* Effect.fail(new UserNotFound({}))
    return userId
  })

export const routes = [
  endpoint({
    method: "GET",
    path: "/connected-accounts/:userId",
    access: ALL,
    handler: ({ auth, params }) =>
      Effect.gen(function*() {
        const userId = yield* listedUser(auth, params["userId"] ?? "")
        const accounts = yield* connectedAccounts(auth.project.id, userId)
        return yield* encoded(ConnectedAccountList, {
          items: accounts.map((a) => ({ userId: a.userId, provider: a.providerId, providerAccountId: a.accountId })),
          isPaginated: false
        })
      })
  }),
  endpoint({
    method: "POST",
    path: "/connected-accounts/:userId/:providerId/:providerAccountId/access-token",
    access: ALL,
    body: Body,
    handler: ({ auth, body, params }) =>
      accessTokenFor(auth, params["userId"] ?? "", params["providerId"] ?? "", body.scope, params["providerAccountId"] ?? "")
  }),
  endpoint({
    method: "POST",
    path: "/connected-accounts/:userId/:providerId/access-token",
    access: ALL,
    body: Body,
    handler: ({ auth, body, params }) => accessTokenFor(auth, params["userId"] ?? "", params["providerId"] ?? "", body.scope)
  }),
  endpoint({
    method: "POST",
    path: "/auth/oauth/connected-accounts/:providerId/access-token",
    access: ALL,
    body: Body,
    handler: ({ auth, body, params }) => accessTokenFor(auth, "me", params["providerId"] ?? "", body.scope)
  })
]
