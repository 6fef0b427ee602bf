/**
 * OAuth accounts connected to a user: the list (`GET /connected-accounts/{user}`) and their provider access
 * tokens, per provider (`/connected-accounts/{user}/{provider}/access-token`) or per provider account
 * (`/connected-accounts/{user}/{provider}/{providerAccountId}/access-token`).
 *
 * A connection that is missing, or lacks the asked scope, means "no token", not a failure, so
 * those two known errors become `null` and never reach the error channel. A provider on shared OAuth keys
 * hands out no token at all: that is `OAuthAccessTokenNotAvailableWithSharedOAuthKeys`, an error, because
 * no user can fix it; the project needs its own OAuth keys.
 */
import * as Effect from "effect/Effect"
import { caller, type CallFailureAt, custom, effectCall, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { ConnectedAccountsApi } from "../../contract/connected-accounts.js"

/**
 * What asking for a provider token can fail with. A connection that is missing or lacks the scope is `null`,
 * not an error; `{ scope }` always encodes, so `InvalidInput` is a user id that is neither a UUID nor `me`
 * (server tier), refused before sending.
 */
export type ConnectedAccountError = Exclude<
  CallFailureAt<typeof ConnectedAccountsApi.accessToken, "client">,
  { readonly _tag: "OAuthConnectionNotConnectedToUser" | "OAuthConnectionDoesNotHaveRequiredScope" }
>

const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items

/** The signed-in user's connected accounts (every tier). */
export const ConnectedAccountsCalls = {
  /**
   * `accessToken("github", "repo")`: the signed-in user's provider token from any of their accounts of that
   * provider, or `null` when not connected or none has the scope.
   */
  accessToken:
    custom<(provider: string, scope?: string) => Effect.Effect<string | null, ConnectedAccountError>>("function"),
  /**
   * The token of one provider account (`providerAccountId` from `list`), or `null` when the user has no such
   * connected account or it lacks the scope.
   */
  accessTokenForAccount:
    custom<
      (
        provider: string,
        providerAccountId: string,
        scope?: string
      ) => Effect.Effect<string | null, ConnectedAccountError>
    >("function"),
  /** The signed-in user's connected accounts, oldest first. */
  list: effectCall(ConnectedAccountsApi.list, "client", { input: () => ({ params: { user_id: "me" } }), output: items })
}

/** Connected accounts of any user (server and admin tiers). */
export const ServerConnectedAccountsCalls = {
  /** Any user's provider token (server tier), or `null` when not connected or missing the scope. */
  accessToken:
    custom<(userId: string, provider: string, scope?: string) => Effect.Effect<string | null, ConnectedAccountError>>(
      "function"
    ),
  /** Any user's token of one provider account, or `null` as for `ConnectedAccounts.accessTokenForAccount`. */
  accessTokenForAccount:
    custom<
      (
        userId: string,
        provider: string,
        providerAccountId: string,
        scope?: string
      ) => Effect.Effect<string | null, ConnectedAccountError>
    >("function"),
  /** Any user's connected accounts, oldest first; an unknown user is `UserNotFound`. */
  list: functionCall(ConnectedAccountsApi.list, "server", (userId: string) => ({ params: { user_id: userId } }), items)
}

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
        OAuthConnectionDoesNotHaveRequiredScope: () => Effect.succeed(null)
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
