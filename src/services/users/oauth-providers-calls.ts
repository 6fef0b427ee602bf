/**
 * The members of {@link OAuthProviders} and {@link ServerOAuthProviders}, calls of the declared endpoints
 * (contract/oauth-providers.ts). The services' shapes and implementations derive from these tables.
 *
 * A link id that is not a UUID is `SchemaError` (the service checks the path's format first). The
 * plain-text refusals (a missing link, a conflict between links, a client naming another user: 403) are
 * not known errors; the client names the first two (errors/client/oauth-provider-errors.ts).
 */
import type * as Effect from "effect/Effect"
import { OAuthProvidersApi } from "../../contract/oauth-providers.js"
import type {
  OAuthProvider,
  OAuthProviderUpdate,
  ServerOAuthProvider,
  ServerOAuthProviderCreate,
  ServerOAuthProviderUpdate
} from "../../domain/oauth-provider.js"
import type {
  OAuthProviderConflict,
  OAuthProviderNotConfigured,
  OAuthProviderNotFound
} from "../../errors/client/oauth-provider-errors.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, effectCall, functionCall } from "../http/service-calls.js"

type Fails<D extends keyof typeof OAuthProvidersApi, V extends "client" | "server"> = CallFailureAt<
  (typeof OAuthProvidersApi)[D],
  V
>

const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items
const { update, delete: remove, create } = OAuthProvidersApi

export const OAuthProvidersCalls = {
  /** The signed-in user's linked providers, oldest first. */
  list: effectCall(OAuthProvidersApi.list, "client", { input: () => ({ query: { user_id: "me" } }), output: items }),
  /** One of them by its id, or `null` when the user has no such link. */
  get: custom<(id: string) => Effect.Effect<OAuthProvider | null, Fails<"get", "client">>>("function"),
  /**
   * Turns sign-in or connected access on or off for one link; the answer is the link as it is now. Turning
   * sign-in on while another account of the provider signs the user in is `OAuthProviderConflict`.
   */
  update: custom<
    (
      id: string,
      patch: OAuthProviderUpdate
    ) => Effect.Effect<OAuthProvider, OAuthProviderNotFound | OAuthProviderConflict | Fails<"update", "client">>
  >("function", (id, patch) =>
    typeof update.changes === "function"
      ? update.changes({ params: { user_id: "me", provider_id: id }, body: patch })
      : []
  ),
  /** Unlinks the account: it no longer signs the user in and its provider tokens are dropped. */
  delete: custom<(id: string) => Effect.Effect<void, OAuthProviderNotFound | Fails<"delete", "client">>>(
    "function",
    remove.changes
  )
}

export const ServerOAuthProvidersCalls = {
  /** A user's linked providers, oldest first, with each account's id at the provider. */
  list: functionCall(OAuthProvidersApi.list, "server", (userId: string) => ({ query: { user_id: userId } }), items),
  get: custom<(userId: string, id: string) => Effect.Effect<ServerOAuthProvider | null, Fails<"get", "server">>>(
    "function"
  ),
  /** As the client's update, and may also correct the account's e-mail or its id at the provider. */
  update: custom<
    (
      userId: string,
      id: string,
      patch: ServerOAuthProviderUpdate
    ) => Effect.Effect<ServerOAuthProvider, OAuthProviderNotFound | OAuthProviderConflict | Fails<"update", "server">>
  >("function", (userId, id, patch) =>
    typeof update.changes === "function"
      ? update.changes({ params: { user_id: userId, provider_id: id }, body: patch })
      : []
  ),
  delete: custom<
    (userId: string, id: string) => Effect.Effect<void, OAuthProviderNotFound | Fails<"delete", "server">>
  >("function", remove.changes),
  /**
   * Links a provider account to a user without an OAuth flow (an import, a support fix). The provider must be
   * configured for the project (`OAuthProviderNotConfigured`); the account has no provider tokens until the
   * user goes through the provider once.
   */
  create: custom<
    (
      input: ServerOAuthProviderCreate
    ) => Effect.Effect<
      ServerOAuthProvider,
      OAuthProviderNotConfigured | OAuthProviderConflict | Fails<"create", "server">
    >
  >("function", create.changes)
}
