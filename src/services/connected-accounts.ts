/**
 * Access tokens of OAuth accounts connected to a user (`/connected-accounts/{user}/{provider}/access-token`).
 *
 * SPEC.md: a connection that is missing, or lacks the asked scope, means "no token", not a failure, so
 * those two known errors become `null` and never reach the error channel.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ConnectedAccountAccessToken } from "../domain/tokens.js"
import { type CallFailure, documented } from "./endpoint.js"
import { segment } from "./path-segment.js"
import { jsonBody, Transport } from "./transport.js"

type ConnectedAccountError = CallFailure<
  "UserAuthenticationRequired" | "UserNotFound" | "OAuthProviderNotFoundOrNotEnabled"
>

export interface ConnectedAccountsShape {
  /** `accessToken("github", "repo")`: the signed-in user's provider token, or `null` when not available. */
  readonly accessToken: (provider: string, scope?: string) => Effect.Effect<string | null, ConnectedAccountError>
}

export interface ServerConnectedAccountsShape {
  /** Any user's provider token (server tier), or `null` when not connected or missing the scope. */
  readonly accessToken: (
    userId: string,
    provider: string,
    scope?: string
  ) => Effect.Effect<string | null, ConnectedAccountError>
}

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
    documented("UserAuthenticationRequired", "UserNotFound", "OAuthProviderNotFoundOrNotEnabled")
  )

/** The signed-in user's connected accounts (every tier). */
export class ConnectedAccounts extends Context.Service<ConnectedAccounts, ConnectedAccountsShape>()(
  "stackfx/ConnectedAccounts"
) {
  static readonly layer: Layer.Layer<ConnectedAccounts, never, Transport> = Layer.effect(
    ConnectedAccounts,
    Effect.map(Transport, (transport) =>
      ConnectedAccounts.of({ accessToken: (provider, scope) => fetchToken(transport, "me", provider, scope) }))
  )
}

/** Connected accounts of any user (server and admin tiers). */
export class ServerConnectedAccounts extends Context.Service<ServerConnectedAccounts, ServerConnectedAccountsShape>()(
  "stackfx/ServerConnectedAccounts"
) {
  static readonly layer: Layer.Layer<ServerConnectedAccounts, never, Transport> = Layer.effect(
    ServerConnectedAccounts,
    Effect.map(Transport, (transport) =>
      ServerConnectedAccounts.of({
        accessToken: (userId, provider, scope) => fetchToken(transport, userId, provider, scope)
      }))
  )
}
