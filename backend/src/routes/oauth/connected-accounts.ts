/**
 * Connected accounts (`/connected-accounts/{user_id|me}`): the list of a user's connected accounts, and the
 * provider access token of one, `{ access_token }` (201) for a body `{ scope? }`:
 * - `POST .../{provider}/{providerAccountId}/access-token`, the newer path naming the provider account;
 * - `POST .../{provider}/access-token`, the older per-provider path (any of the user's accounts of it);
 * - `POST /auth/oauth/connected-accounts/{provider}/access-token`, the oldest path of the signed-in user's
 *   own token, which the hosted service still answers (deprecated there, kept for older clients).
 * Clients may ask for themselves only (hosted's plain 403s); servers for any user. The declarations:
 * contract/connected-accounts.ts.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ConnectedAccountsApi } from "@stackfx/lib/contract/connected-accounts.js"
import { UserIdOrMe } from "@stackfx/lib/contract/oauth-providers.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { Refused } from "../../errors/refused.js"
import type { Auth } from "../../http/auth.js"
import { validate } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import {
  connectedAccountAccessToken,
  connectedAccounts,
  tokenProvider
} from "../../operations/oauth/connected-accounts.js"
import { findUser } from "../../operations/users/user-lookup.js"
import { ownUser } from "../../operations/acting-user.js"

/**
 * The user a token request names: "me", the client itself (403 otherwise), or any existing user for a
 * server. The provider is checked between the two, in hosted's order: an unknown or shared provider is
 * answered before an unknown user.
 */
const tokenUser = (auth: Auth, requested: string, providerId: string) =>
  Effect.gen(function* () {
    if (requested === "me") {
      if (auth.user === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
      return auth.user.id
    }
    if (auth.accessType === "client" && auth.user?.id !== requested) {
      return yield* Effect.fail(
        new Refused({ reason: "forbidden", message: "Client can only access its own connected accounts" })
      )
    }
    yield* tokenProvider(auth.project, providerId)
    const user = yield* findUser(auth.project.id, requested)
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
  Effect.gen(function* () {
    const userId = yield* tokenUser(auth, requested, providerId)
    return {
      accessToken: yield* connectedAccountAccessToken(auth.project, userId, providerId, scope, providerAccountId)
    }
  })

const ListParams = Schema.Struct({ user_id: UserIdOrMe })

/** The user a list names: a client only itself (hosted's plain 403 for anyone else), a server any existing user. */
const listedUser = (auth: Auth, requested: string) =>
  Effect.gen(function* () {
    if (auth.accessType === "client") {
      const me = yield* ownUser(auth)
      if (requested !== "me" && requested !== me.id) {
        return yield* Effect.fail(
          new Refused({ reason: "forbidden", message: "Client can only list connected accounts for their own user." })
        )
      }
      return me.id
    }
    const userId = requested === "me" ? (yield* ownUser(auth)).id : requested
    if ((yield* findUser(auth.project.id, userId)) === undefined) return yield* Effect.fail(new UserNotFound({}))
    return userId
  })

export const routes = [
  serve(ConnectedAccountsApi.list, ({ auth, params, request }) =>
    Effect.gen(function* () {
      // The service's path schema takes a UUID or `me`: anything else is SCHEMA_ERROR before the user is looked up.
      const checked = yield* validate(ListParams, "params", params, request)
      const userId = yield* listedUser(auth, checked.user_id)
      const accounts = yield* connectedAccounts(auth.project.id, userId)
      return {
        items: accounts.map((a) => ({ userId: a.userId, provider: a.providerId, providerAccountId: a.accountId })),
        isPaginated: false as const
      }
    })
  ),
  serve(ConnectedAccountsApi.accountAccessToken, ({ auth, body, params }) =>
    accessTokenFor(auth, params.user_id, params.provider_id, body.scope, params.provider_account_id)
  ),
  serve(ConnectedAccountsApi.accessToken, ({ auth, body, params }) =>
    accessTokenFor(auth, params.user_id, params.provider_id, body.scope)
  ),
  serve(ConnectedAccountsApi.ownAccessToken, ({ auth, body, params }) =>
    accessTokenFor(auth, "me", params.provider_id, body.scope)
  )
]
