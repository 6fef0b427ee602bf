/**
 * The implementations of {@link ConnectedAccounts} and {@link ServerConnectedAccounts}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { ConnectedAccountAccessToken } from "../../domain/tokens.js"
import type { ConnectedAccountsShape, ServerConnectedAccountsShape } from "./connected-accounts.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import { jsonBody, Transport } from "../http/transport.js"
import { ConnectedAccountsErrors } from "./connected-accounts-errors.js"

const fetchToken = (transport: Transport["Service"], user: string, provider: string, scope: string | undefined) =>
  transport.requestJson({
    method: "POST",
    path: `/connected-accounts/${segment(user)}/${segment(provider)}/access-token`,
    body: jsonBody(scope === undefined ? {} : { scope })
  }, ConnectedAccountAccessToken).pipe(
    Effect.map((answer): string | null => answer.accessToken),
    Effect.catchTags({
      OAuthConnectionNotConnectedToUser: () => Effect.succeed(null),
      OAuthConnectionDoesNotHaveRequiredScope: () => Effect.succeed(null)
    }),
    documented(...ConnectedAccountsErrors.accessToken)
  )

export const makeConnectedAccounts: Effect.Effect<ConnectedAccountsShape, never, Transport> = Effect.map(
  Transport,
  (transport): ConnectedAccountsShape => ({
    accessToken: (provider, scope) => fetchToken(transport, "me", provider, scope)
  })
)

export const makeServerConnectedAccounts: Effect.Effect<ServerConnectedAccountsShape, never, Transport> = Effect.map(
  Transport,
  (transport): ServerConnectedAccountsShape => ({
    accessToken: (userId, provider, scope) => fetchToken(transport, userId, provider, scope)
  })
)
