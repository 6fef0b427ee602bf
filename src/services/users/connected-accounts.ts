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
import type * as Layer from "effect/Layer"
import { ConnectedAccountsMembers, ServerConnectedAccountsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ConnectedAccountsCalls, ServerConnectedAccountsCalls } from "./connected-accounts-calls.js"

export type { ConnectedAccountError } from "./connected-accounts-calls.js"

/** What the ConnectedAccounts service offers; see its tag for the rules. Its members are declared in connected-accounts-calls.ts. */
export type ConnectedAccountsShape = ShapeOf<typeof ConnectedAccountsCalls>

/** What the ServerConnectedAccounts service offers; see its tag for the rules. */
export type ServerConnectedAccountsShape = ShapeOf<typeof ServerConnectedAccountsCalls>

/** The signed-in user's connected accounts (every tier). */
export class ConnectedAccounts
  extends /* @__PURE__ */ Context.Service<ConnectedAccounts, ConnectedAccountsShape>()("stackfx/ConnectedAccounts")
{
  static readonly layer: Layer.Layer<ConnectedAccounts, never, Transport> = /* @__PURE__ */ lazyLayer(
    ConnectedAccounts,
    ConnectedAccountsMembers,
    () => import("../live.js").then((m) => m.makeConnectedAccounts)
  )
}

/** Connected accounts of any user (server and admin tiers). */
export class ServerConnectedAccounts
  extends /* @__PURE__ */ Context.Service<ServerConnectedAccounts, ServerConnectedAccountsShape>()(
    "stackfx/ServerConnectedAccounts"
  )
{
  static readonly layer: Layer.Layer<ServerConnectedAccounts, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerConnectedAccounts,
    ServerConnectedAccountsMembers,
    () => import("../live.js").then((m) => m.makeServerConnectedAccounts)
  )
}
