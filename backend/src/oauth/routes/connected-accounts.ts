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
import { ConnectedAccountsApi } from "@stackfx/lib/contract/connected-accounts.js"
import type { Auth } from "../../http/auth.js"
import { serve } from "../../http/serve.js"
import { connectedAccountAccessToken, connectedAccounts } from "../operations/connected-accounts.js"
import { connectedAccountsOwner, tokenUser } from "../operations/oauth-actors.js"

const accessTokenFor = (
  auth: Auth,
  requested: string | undefined,
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

export const routes = [
  serve(ConnectedAccountsApi.list, ({ auth, params }) =>
    Effect.gen(function* () {
      const userId = yield* connectedAccountsOwner(auth, params.user_id)
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
    accessTokenFor(auth, undefined, params.provider_id, body.scope)
  )
]
