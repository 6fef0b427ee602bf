/**
 * The implementations of {@link OAuthProviders} and {@link ServerOAuthProviders}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { OAuthProvidersApi } from "../../contract/oauth-providers.js"
import type {
  OAuthProviderUpdate,
  ServerOAuthProviderCreate,
  ServerOAuthProviderUpdate
} from "../../domain/oauth-provider.js"
import type { HttpError } from "../../errors/client/http-error.js"
import {
  OAuthProviderConflict,
  type OAuthProviderConflictReason,
  OAuthProviderNotConfigured,
  OAuthProviderNotFound
} from "../../errors/client/oauth-provider-errors.js"
import { callers } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { OAuthProvidersCalls, ServerOAuthProvidersCalls } from "./oauth-providers-calls.js"

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
