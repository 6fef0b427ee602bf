/**
 * The members of {@link ConnectedAccounts} and {@link ServerConnectedAccounts}, calls of the declared
 * endpoints (contract/connected-accounts.ts). The services' shapes and implementations derive from these
 * tables.
 */
import type * as Effect from "effect/Effect"
import { ConnectedAccountsApi } from "../../contract/connected-accounts.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, effectCall, functionCall } from "../http/service-calls.js"

/**
 * What asking for a provider token can fail with. A connection that is missing or lacks the scope is `null`,
 * not an error, and `{ scope }` always encodes.
 */
export type ConnectedAccountError = Exclude<
  CallFailureAt<typeof ConnectedAccountsApi.accessToken, "client">,
  { readonly _tag: "OAuthConnectionNotConnectedToUser" | "OAuthConnectionDoesNotHaveRequiredScope" | "InvalidInput" }
>

const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items

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
