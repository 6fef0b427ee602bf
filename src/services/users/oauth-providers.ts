/**
 * Linked OAuth providers (`/oauth-providers`), the hosted SDK's `listOAuthProviders`: every provider account
 * linked to a user, whether it signs the user in (`allowSignIn`) and whether it hands out provider tokens
 * (`allowConnectedAccounts`, read through `ConnectedAccounts`). `OAuthProviders` is the signed-in user's, on
 * every tier; `ServerOAuthProviders` any user's, and links an account without an OAuth flow (server and admin).
 * A new link from a browser is `OAuth.link`.
 *
 * The service's rules: at most one account of a provider signs a user in (`OAuthProviderConflict`), and no
 * two users sign in with the same account id (`OAuthProviderAccountIdAlreadyUsedForSignIn`). It keeps no
 * rule about a user's last sign-in method: turning off or removing the only one is allowed.
 *
 * @example
 * const providers = yield* (yield* OAuthProviders).list
 * const github = providers.find((p) => p.type === "github")
 * if (github !== undefined) yield* (yield* OAuthProviders).update(github.id, { allowSignIn: false })
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { OAuthProvidersMembers, ServerOAuthProvidersMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { OAuthProvidersCalls, ServerOAuthProvidersCalls } from "./oauth-providers-calls.js"

/** What the OAuthProviders service offers; see its tag for the rules. Its members are declared in oauth-providers-calls.ts. */
export type OAuthProvidersShape = ShapeOf<typeof OAuthProvidersCalls>

/** What the ServerOAuthProviders service offers; see its tag for the rules. */
export type ServerOAuthProvidersShape = ShapeOf<typeof ServerOAuthProvidersCalls>

/** The signed-in user's linked OAuth providers; on every tier. */
export class OAuthProviders
  extends /* @__PURE__ */ Context.Service<OAuthProviders, OAuthProvidersShape>()("stackfx/OAuthProviders")
{
  static readonly layer: Layer.Layer<OAuthProviders, never, Transport> = /* @__PURE__ */ lazyLayer(
    OAuthProviders,
    OAuthProvidersMembers,
    () => import("../live.js").then((m) => m.makeOAuthProviders)
  )
}

/** Any user's linked OAuth providers; server and admin tiers only. */
export class ServerOAuthProviders
  extends /* @__PURE__ */ Context.Service<ServerOAuthProviders, ServerOAuthProvidersShape>()(
    "stackfx/ServerOAuthProviders"
  )
{
  static readonly layer: Layer.Layer<ServerOAuthProviders, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerOAuthProviders,
    ServerOAuthProvidersMembers,
    () => import("../live.js").then((m) => m.makeServerOAuthProviders)
  )
}
