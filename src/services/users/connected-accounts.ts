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
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { ConnectedAccount } from "../../domain/connected-account.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { ConnectedAccountsErrors } from "./connected-accounts-errors.js"

type ConnectedAccountError = FailureOf<typeof ConnectedAccountsErrors, "accessToken">
type ListError = FailureOf<typeof ConnectedAccountsErrors, "list">

/** What the ConnectedAccounts service offers; see its tag for the rules. */
export interface ConnectedAccountsShape {
  /**
   * `accessToken("github", "repo")`: the signed-in user's provider token from any of their accounts of that
   * provider, or `null` when not connected or none has the scope.
   */
  readonly accessToken: (provider: string, scope?: string) => Effect.Effect<string | null, ConnectedAccountError>
  /**
   * The token of one provider account (`providerAccountId` from `list`), or `null` when the user has no such
   * connected account or it lacks the scope.
   */
  readonly accessTokenForAccount: (
    provider: string,
    providerAccountId: string,
    scope?: string
  ) => Effect.Effect<string | null, ConnectedAccountError>
  /** The signed-in user's connected accounts, oldest first. */
  readonly list: Effect.Effect<ReadonlyArray<ConnectedAccount>, ListError>
}

/** What the ServerConnectedAccounts service offers; see its tag for the rules. */
export interface ServerConnectedAccountsShape {
  /** Any user's provider token (server tier), or `null` when not connected or missing the scope. */
  readonly accessToken: (
    userId: string,
    provider: string,
    scope?: string
  ) => Effect.Effect<string | null, ConnectedAccountError>
  /** Any user's token of one provider account, or `null` as for {@link ConnectedAccountsShape.accessTokenForAccount}. */
  readonly accessTokenForAccount: (
    userId: string,
    provider: string,
    providerAccountId: string,
    scope?: string
  ) => Effect.Effect<string | null, ConnectedAccountError>
  /** Any user's connected accounts, oldest first; an unknown user is `UserNotFound`. */
  readonly list: (userId: string) => Effect.Effect<ReadonlyArray<ConnectedAccount>, ListError>
}

/** The signed-in user's connected accounts (every tier). */
export class ConnectedAccounts extends /* @__PURE__ */ Context.Service<ConnectedAccounts, ConnectedAccountsShape>()(
  "stackfx/ConnectedAccounts"
) {
  static readonly layer: Layer.Layer<ConnectedAccounts, never, Transport> = /* @__PURE__ */ lazyLayer(
    ConnectedAccounts,
    { accessToken: "function", accessTokenForAccount: "function", list: "effect" },
    () => import("../live.js").then((m) => m.makeConnectedAccounts)
  )
}

/** Connected accounts of any user (server and admin tiers). */
export class ServerConnectedAccounts extends /* @__PURE__ */ Context.Service<ServerConnectedAccounts, ServerConnectedAccountsShape>()(
  "stackfx/ServerConnectedAccounts"
) {
  static readonly layer: Layer.Layer<ServerConnectedAccounts, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerConnectedAccounts,
    { accessToken: "function", accessTokenForAccount: "function", list: "function" },
    () => import("../live.js").then((m) => m.makeServerConnectedAccounts)
  )
}
