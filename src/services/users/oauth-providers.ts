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
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type {
  OAuthProvider,
  OAuthProviderUpdate,
  ServerOAuthProvider,
  ServerOAuthProviderCreate,
  ServerOAuthProviderUpdate
} from "../../domain/oauth-provider.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type {
  OAuthProviderConflict,
  OAuthProviderNotConfigured,
  OAuthProviderNotFound
} from "../../errors/client/oauth-provider-errors.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { OAuthProvidersErrors, ServerOAuthProvidersErrors } from "./oauth-providers-errors.js"

type Fails<Method extends keyof typeof OAuthProvidersErrors> = FailureOf<typeof OAuthProvidersErrors, Method>
type ServerFails<Method extends keyof typeof ServerOAuthProvidersErrors> = FailureOf<typeof ServerOAuthProvidersErrors, Method>

/** What the OAuthProviders service offers; see its tag for the rules. */
export interface OAuthProvidersShape {
  /** The signed-in user's linked providers, oldest first. */
  readonly list: Effect.Effect<ReadonlyArray<OAuthProvider>, Fails<"list">>
  /** One of them by its id, or `null` when the user has no such link. */
  readonly get: (id: string) => Effect.Effect<OAuthProvider | null, Fails<"get">>
  /**
   * Turns sign-in or connected access on or off for one link; the answer is the link as it is now. Turning
   * sign-in on while another account of the provider signs the user in is `OAuthProviderConflict`.
   */
  readonly update: (
    id: string,
    patch: OAuthProviderUpdate
  ) => Effect.Effect<OAuthProvider, InvalidInput | OAuthProviderNotFound | OAuthProviderConflict | Fails<"update">>
  /** Unlinks the account: it no longer signs the user in and its provider tokens are dropped. */
  readonly delete: (id: string) => Effect.Effect<void, OAuthProviderNotFound | Fails<"delete">>
}

/** What the ServerOAuthProviders service offers; see its tag for the rules. */
export interface ServerOAuthProvidersShape {
  /** A user's linked providers, oldest first, with each account's id at the provider. */
  readonly list: (userId: string) => Effect.Effect<ReadonlyArray<ServerOAuthProvider>, ServerFails<"list">>
  readonly get: (userId: string, id: string) => Effect.Effect<ServerOAuthProvider | null, ServerFails<"get">>
  /** As the client's update, and may also correct the account's e-mail or its id at the provider. */
  readonly update: (
    userId: string,
    id: string,
    patch: ServerOAuthProviderUpdate
  ) => Effect.Effect<
    ServerOAuthProvider,
    InvalidInput | OAuthProviderNotFound | OAuthProviderConflict | ServerFails<"update">
  >
  readonly delete: (userId: string, id: string) => Effect.Effect<void, OAuthProviderNotFound | ServerFails<"delete">>
  /**
   * Links a provider account to a user without an OAuth flow (an import, a support fix). The provider must be
   * configured for the project (`OAuthProviderNotConfigured`); the account has no provider tokens until the
   * user goes through the provider once.
   */
  readonly create: (
    input: ServerOAuthProviderCreate
  ) => Effect.Effect<
    ServerOAuthProvider,
    InvalidInput | OAuthProviderNotConfigured | OAuthProviderConflict | ServerFails<"create">
  >
}

/** The signed-in user's linked OAuth providers; on every tier. */
export class OAuthProviders extends /* @__PURE__ */ Context.Service<OAuthProviders, OAuthProvidersShape>()("stackfx/OAuthProviders") {
  static readonly layer: Layer.Layer<OAuthProviders, never, Transport> = /* @__PURE__ */ lazyLayer(
    OAuthProviders,
    { list: "effect", get: "function", update: "function", delete: "function" },
    () => import("../live.js").then((m) => m.makeOAuthProviders)
  )
}

/** Any user's linked OAuth providers; server and admin tiers only. */
export class ServerOAuthProviders
  extends /* @__PURE__ */ Context.Service<ServerOAuthProviders, ServerOAuthProvidersShape>()("stackfx/ServerOAuthProviders")
{
  static readonly layer: Layer.Layer<ServerOAuthProviders, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerOAuthProviders,
    { list: "function", get: "function", update: "function", delete: "function", create: "function" },
    () => import("../live.js").then((m) => m.makeServerOAuthProviders)
  )
}
