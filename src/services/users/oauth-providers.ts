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
import * as Effect from "effect/Effect"
import { callers, type CallFailureAt, custom, effectCall, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { OAuthProvidersApi } from "../../contract/oauth-providers.js"
import type {
  OAuthProvider,
  OAuthProviderUpdate,
  ServerOAuthProvider,
  ServerOAuthProviderCreate,
  ServerOAuthProviderUpdate
} from "../../domain/oauth-provider.js"
import {
  OAuthProviderConflict,
  OAuthProviderNotConfigured,
  OAuthProviderNotFound,
  type OAuthProviderConflictReason
} from "../../errors/client/oauth-provider-errors.js"
import type { HttpError } from "../../errors/client/http-error.js"

type Fails<D extends keyof typeof OAuthProvidersApi, V extends "client" | "server"> = CallFailureAt<
  (typeof OAuthProvidersApi)[D],
  V
>

const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items
const { update, delete: remove, create } = OAuthProvidersApi

/** The signed-in user's linked OAuth providers; on every tier. */
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

/** Any user's linked OAuth providers; server and admin tiers only. */
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

const isHttpError = (error: { readonly _tag: string }): error is HttpError => error._tag === "HttpError"

// The service's plain-text refusals, told apart by status and the hosted text (their only distinguishing mark).
const conflictReason = (error: HttpError): OAuthProviderConflictReason | undefined => {
  if (error.status !== 400) return undefined
  if (error.body.includes("sign-in enabled already exists")) return "sign-in-already-enabled"
  if (error.body.includes("same account ID already exists")) return "account-already-linked"
  return undefined
}

/** A write's plain-text refusal as the client's error: a 404 as `missing`, the two conflicts by their text. */
const refusal =
  <M>(missing: (error: HttpError) => M) =>
  (error: HttpError): Effect.Effect<never, M | OAuthProviderConflict | HttpError> => {
    if (error.status === 404) return Effect.fail(missing(error))
    const reason = conflictReason(error)
    return reason === undefined
      ? Effect.fail(error)
      : Effect.fail(new OAuthProviderConflict({ reason, message: error.body }))
  }

/** A 404 as `missing`, any other plain-text failure as it is. */
const missingAs =
  <M>(missing: () => M) =>
  (error: HttpError): Effect.Effect<never, M | HttpError> =>
    Effect.fail(error.status === 404 ? missing() : error)

const notFound = (id: string) => () =>
  new OAuthProviderNotFound({ providerId: id, message: `No linked OAuth provider with id ${id}.` })

/** A missing link reads as `null`, as the hosted SDK's `getOAuthProvider` answers. */
const orNull = <A, E extends { readonly _tag: string }>(found: Effect.Effect<A, E>): Effect.Effect<A | null, E> =>
  Effect.catchIf(
    found,
    (error) => isHttpError(error) && error.status === 404,
    () => Effect.succeed(null)
  )

const link = (userId: string, id: string) => ({ params: { user_id: userId, provider_id: id } })

export const makeOAuthProviders = implement(
  OAuthProvidersCalls,
  Effect.map(Transport, (transport) => {
    const { get, update, delete: remove } = callers(transport, OAuthProvidersApi, "client")
    return {
      get: (id: string) => orNull(get(link("me", id))),
      // Only the two switches: the hosted client schema refuses `email` and `account_id`, and an object a caller
      // passes may carry more keys than its type names.
      update: (id: string, patch: OAuthProviderUpdate) =>
        update({
          ...link("me", id),
          body: {
            ...(patch.allowSignIn === undefined ? {} : { allowSignIn: patch.allowSignIn }),
            ...(patch.allowConnectedAccounts === undefined
              ? {}
              : { allowConnectedAccounts: patch.allowConnectedAccounts })
          }
        }).pipe(Effect.catchIf(isHttpError, refusal(notFound(id)))),
      delete: (id: string) =>
        remove(link("me", id)).pipe(Effect.asVoid, Effect.catchIf(isHttpError, missingAs(notFound(id))))
    }
  })
)

export const makeServerOAuthProviders = implement(
  ServerOAuthProvidersCalls,
  Effect.map(Transport, (transport) => {
    const { get, update, delete: remove, create } = callers(transport, OAuthProvidersApi, "server")
    return {
      get: (userId: string, id: string) => orNull(get(link(userId, id))),
      update: (userId: string, id: string, patch: ServerOAuthProviderUpdate) =>
        update({ ...link(userId, id), body: patch }).pipe(Effect.catchIf(isHttpError, refusal(notFound(id)))),
      delete: (userId: string, id: string) =>
        remove(link(userId, id)).pipe(Effect.asVoid, Effect.catchIf(isHttpError, missingAs(notFound(id)))),
      create: (input: ServerOAuthProviderCreate) =>
        create({ body: input }).pipe(
          Effect.catchIf(
            isHttpError,
            refusal(
              (error) =>
                new OAuthProviderNotConfigured({ providerConfigId: input.providerConfigId, message: error.body })
            )
          )
        )
    }
  })
)
