/**
 * The implementations of {@link ConnectedAccounts} and {@link ServerConnectedAccounts}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { ConnectedAccountList } from "../../domain/connected-account.js"
import { ConnectedAccountAccessToken } from "../../domain/tokens.js"
import type { ConnectedAccountsShape, ServerConnectedAccountsShape } from "./connected-accounts.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import { jsonBody, Transport } from "../http/transport.js"
import { ConnectedAccountsErrors } from "./connected-accounts-errors.js"

/** The token of `user`'s connection: of any account of the provider, or of one account when `accountId` is given. */
const fetchToken = (
  transport: Transport["Service"],
  user: string,
  provider: string,
  accountId: string | undefined,
  scope: string | undefined
) =>
  transport.requestJson({
    method: "POST",
    path: accountId === undefined
      ? `/connected-accounts/${segment(user)}/${segment(provider)}/access-token`
      : `/connected-accounts/${segment(user)}/${segment(provider)}/${segment(accountId)}/access-token`,
    body: jsonBody(scope === undefined ? {} : { scope })
  }, ConnectedAccountAccessToken).pipe(
    Effect.map((answer): string | null => answer.accessToken),
    Effect.catchTags({
      OAuthConnectionNotConnectedToUser: () => Effect.succeed(null),
      OAuthConnectionDoesNotHaveRequiredScope: () => Effect.succeed(null)
    }),
    documented(...ConnectedAccountsErrors.accessToken)
  )

const fetchList = (transport: Transport["Service"], user: string) =>
  transport.requestJson({ method: "GET", path: `/connected-accounts/${segment(user)}` }, ConnectedAccountList).pipe(
    Effect.map((page) => page.items),
    documented(...ConnectedAccountsErrors.list)
  )

export const makeConnectedAccounts: Effect.Effect<ConnectedAccountsShape, never, Transport> = Effect.map(
  Transport,
  (transport): ConnectedAccountsShape => ({
    accessToken: (provider, scope) => fetchToken(transport, "me", provider, undefined, scope),
    accessTokenForAccount: (provider, providerAccountId, scope) => fetchToken(transport, "me", provider, providerAccountId, scope),
    list: fetchList(transport, "me")
  })
)

export const makeServerConnectedAccounts: Effect.Effect<ServerConnectedAccountsShape, never, Transport> = Effect.map(
  Transport,
  (transport): ServerConnectedAccountsShape => ({
    accessToken: (userId, provider, scope) => fetchToken(transport, userId, provider, undefined, scope),
    accessTokenForAccount: (userId, provider, providerAccountId, scope) =>
      fetchToken(transport, userId, provider, providerAccountId, scope),
    list: (userId) => fetchList(transport, userId)
  })
)
