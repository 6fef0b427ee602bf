/**
 * Access tokens of OAuth accounts connected to a user (`/connected-accounts/{user}/{provider}/access-token`).
 *
 * A connection that is missing, or lacks the asked scope, means "no token", not a failure, so
 * those two known errors become `null` and never reach the error channel.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { ConnectedAccountsErrors } from "./connected-accounts-errors.js"

type ConnectedAccountError = FailureOf<typeof ConnectedAccountsErrors, "accessToken">

/** What the ConnectedAccounts service offers; see its tag for the rules. */
export interface ConnectedAccountsShape {
  /** `accessToken("github", "repo")`: the signed-in user's provider token, or `null` when not available. */
  readonly accessToken: (provider: string, scope?: string) => Effect.Effect<string | null, ConnectedAccountError>
}

/** What the ServerConnectedAccounts service offers; see its tag for the rules. */
export interface ServerConnectedAccountsShape {
  /** Any user's provider token (server tier), or `null` when not connected or missing the scope. */
  readonly accessToken: (
    userId: string,
    provider: string,
    scope?: string
  ) => Effect.Effect<string | null, ConnectedAccountError>
}

/** The signed-in user's connected accounts (every tier). */
export class ConnectedAccounts extends /* @__PURE__ */ Context.Service<ConnectedAccounts, ConnectedAccountsShape>()(
  "stackfx/ConnectedAccounts"
) {
  static readonly layer: Layer.Layer<ConnectedAccounts, never, Transport> = /* @__PURE__ */ lazyLayer(
    ConnectedAccounts,
    { accessToken: "function" },
    () => import("../live.js").then((m) => m.makeConnectedAccounts)
  )
}

/** Connected accounts of any user (server and admin tiers). */
export class ServerConnectedAccounts extends /* @__PURE__ */ Context.Service<ServerConnectedAccounts, ServerConnectedAccountsShape>()(
  "stackfx/ServerConnectedAccounts"
) {
  static readonly layer: Layer.Layer<ServerConnectedAccounts, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerConnectedAccounts,
    { accessToken: "function" },
    () => import("../live.js").then((m) => m.makeServerConnectedAccounts)
  )
}
