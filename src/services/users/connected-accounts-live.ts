/**
 * The implementations of {@link ConnectedAccounts} and {@link ServerConnectedAccounts}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { ConnectedAccountsApi } from "../../contract/connected-accounts.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import type { ConnectedAccountError } from "./connected-accounts-calls.js"
import { ConnectedAccountsCalls, ServerConnectedAccountsCalls } from "./connected-accounts-calls.js"

/** The token of `user`'s connection: of any account of the provider, or of one account when `accountId` is given. */
const tokens = Effect.gen(function* () {
  const transport = yield* Transport
  const ofProvider = caller(transport, ConnectedAccountsApi.accessToken, "client")
  const ofAccount = caller(transport, ConnectedAccountsApi.accountAccessToken, "client")
  return (
    user: string,
    provider: string,
    accountId: string | undefined,
    scope: string | undefined
  ): Effect.Effect<string | null, ConnectedAccountError> => {
    const body = scope === undefined ? {} : { scope }
    const asked =
      accountId === undefined
        ? ofProvider({ params: { user_id: user, provider_id: provider }, body })
        : ofAccount({ params: { user_id: user, provider_id: provider, provider_account_id: accountId }, body })
    return asked.pipe(
      Effect.map((answer): string | null => answer.accessToken),
      Effect.catchTags({
        OAuthConnectionNotConnectedToUser: () => Effect.succeed(null),
        OAuthConnectionDoesNotHaveRequiredScope: () => Effect.succeed(null),
        // `{ scope }` is a string the type guarantees: it always encodes.
        InvalidInput: Effect.die
      })
    )
  }
})

export const makeConnectedAccounts = implement(
  ConnectedAccountsCalls,
  Effect.map(tokens, (token) => ({
    accessToken: (provider: string, scope?: string) => token("me", provider, undefined, scope),
    accessTokenForAccount: (provider: string, providerAccountId: string, scope?: string) =>
      token("me", provider, providerAccountId, scope)
  }))
)

export const makeServerConnectedAccounts = implement(
  ServerConnectedAccountsCalls,
  Effect.map(tokens, (token) => ({
    accessToken: (userId: string, provider: string, scope?: string) => token(userId, provider, undefined, scope),
    accessTokenForAccount: (userId: string, provider: string, providerAccountId: string, scope?: string) =>
      token(userId, provider, providerAccountId, scope)
  }))
)
