/**
 * The implementations of {@link OAuthProviders} and {@link ServerOAuthProviders}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import {
  OAuthProvider,
  OAuthProviderList,
  OAuthProviderUpdate,
  ServerOAuthProvider,
  ServerOAuthProviderCreate,
  ServerOAuthProviderList,
  ServerOAuthProviderUpdate
} from "../../domain/oauth-provider.js"
import { SuccessResponse } from "../../domain/success.js"
import type { HttpError } from "../../errors/client/http-error.js"
import {
  OAuthProviderConflict,
  type OAuthProviderConflictReason,
  OAuthProviderNotConfigured,
  OAuthProviderNotFound
} from "../../errors/client/oauth-provider-errors.js"
import { announcing } from "../changes/data-changes.js"
import { oauthProvidersChanges, serverOAuthProvidersChanges } from "../changes/write-keys.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import { jsonBody, Transport } from "../http/transport.js"
import { encodeInput } from "../http/wire-codec.js"
import type { OAuthProvidersShape, ServerOAuthProvidersShape } from "./oauth-providers.js"
import { OAuthProvidersErrors, ServerOAuthProvidersErrors } from "./oauth-providers-errors.js"

const linkPath = (userId: string, id: string) => `/oauth-providers/${segment(userId)}/${segment(id)}`

const isHttpError = (error: { readonly _tag: string }): error is HttpError => error._tag === "HttpError"

// The service's plain-text refusals, told apart by status and the hosted text (their only distinguishing mark).
const conflictReason = (error: HttpError): OAuthProviderConflictReason | undefined => {
  if (error.status !== 400) return undefined
  if (error.body.includes("sign-in enabled already exists")) return "sign-in-already-enabled"
  if (error.body.includes("same account ID already exists")) return "account-already-linked"
  return undefined
}

/** A write's plain-text refusal as the client's error: a 404 as `missing`, the two conflicts by their text. */
const refusal = <M>(missing: (error: HttpError) => M) =>
(error: HttpError): Effect.Effect<never, M | OAuthProviderConflict | HttpError> => {
  if (error.status === 404) return Effect.fail(missing(error))
  const reason = conflictReason(error)
  return reason === undefined
    ? Effect.fail(error)
    : Effect.fail(new OAuthProviderConflict({ reason, message: error.body }))
}

/** A 404 as `missing`, any other plain-text failure as it is. */
const missingAs = <M>(missing: () => M) => (error: HttpError): Effect.Effect<never, M | HttpError> =>
  Effect.fail(error.status === 404 ? missing() : error)

const notFound = (id: string) => () =>
  new OAuthProviderNotFound({ providerId: id, message: `No linked OAuth provider with id ${id}.` })

/**
 * The calls both services share, for the user named `userId` (`"me"` for the signed-in one), narrowed to the
 * server table; the signed-in user's service narrows each further to its own and reads the client view.
 */
const makeCalls = (transport: Transport["Service"]) => {
  const encodeUpdate = encodeInput(ServerOAuthProviderUpdate)
  const encodeOwnUpdate = encodeInput(OAuthProviderUpdate)
  const encodeCreate = encodeInput(ServerOAuthProviderCreate)

  const list = (userId: string) =>
    transport.requestJson({ method: "GET", path: "/oauth-providers", query: { user_id: userId } }, ServerOAuthProviderList).pipe(
      Effect.map((answer) => answer.items),
      documented(...ServerOAuthProvidersErrors.list)
    )

  const ownList = transport.requestJson({ method: "GET", path: "/oauth-providers", query: { user_id: "me" } }, OAuthProviderList).pipe(
    Effect.map((answer) => answer.items),
    documented(...OAuthProvidersErrors.list)
  )

  // A missing link reads as `null`, as the hosted SDK's `getOAuthProvider` answers.
  const get = <S extends typeof OAuthProvider | typeof ServerOAuthProvider>(userId: string, id: string, schema: S) =>
    transport.requestJson({ method: "GET", path: linkPath(userId, id) }, schema).pipe(
      Effect.map((found): S["Type"] | null => found),
      Effect.catchIf((error) => isHttpError(error) && error.status === 404, () => Effect.succeed(null)),
      documented(...ServerOAuthProvidersErrors.get)
    )

  const update = (userId: string, id: string, patch: ServerOAuthProviderUpdate) =>
    encodeUpdate(patch).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "PATCH", path: linkPath(userId, id), body: jsonBody(body) }, ServerOAuthProvider)
      ),
      Effect.catchIf(isHttpError, refusal(notFound(id))),
      documented(...ServerOAuthProvidersErrors.update)
    )

  // Only the two switches: the hosted client schema refuses `email` and `account_id`, and an object a caller
  // passes may carry more keys than its type names.
  const ownUpdate = (id: string, patch: OAuthProviderUpdate) =>
    encodeOwnUpdate({
      ...(patch.allowSignIn === undefined ? {} : { allowSignIn: patch.allowSignIn }),
      ...(patch.allowConnectedAccounts === undefined ? {} : { allowConnectedAccounts: patch.allowConnectedAccounts })
    }).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "PATCH", path: linkPath("me", id), body: jsonBody(body) }, OAuthProvider)
      ),
      Effect.catchIf(isHttpError, refusal(notFound(id))),
      documented(...OAuthProvidersErrors.update)
    )

  const remove = (userId: string, id: string) =>
    Effect.asVoid(transport.requestJson({ method: "DELETE", path: linkPath(userId, id) }, SuccessResponse)).pipe(
      Effect.catchIf(isHttpError, missingAs(notFound(id))),
      documented(...ServerOAuthProvidersErrors.delete)
    )

  const create = (input: ServerOAuthProviderCreate) =>
    encodeCreate(input).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "POST", path: "/oauth-providers", body: jsonBody(body) }, ServerOAuthProvider)
      ),
      Effect.catchIf(
        isHttpError,
        refusal((error) => new OAuthProviderNotConfigured({ providerConfigId: input.providerConfigId, message: error.body }))
      ),
      documented(...ServerOAuthProvidersErrors.create)
    )

  return { list, ownList, get, update, ownUpdate, remove, create }
}

export const makeOAuthProviders: Effect.Effect<OAuthProvidersShape, never, Transport> = announcing(
  oauthProvidersChanges,
  Effect.gen(function*() {
    const calls = makeCalls(yield* Transport)
    const known = OAuthProvidersErrors
    return {
      list: calls.ownList,
      get: (id) => calls.get("me", id, OAuthProvider).pipe(documented(...known.get)),
      update: calls.ownUpdate,
      delete: (id) => calls.remove("me", id).pipe(documented(...known.delete))
    } satisfies OAuthProvidersShape
  })
)

export const makeServerOAuthProviders: Effect.Effect<ServerOAuthProvidersShape, never, Transport> = announcing(
  serverOAuthProvidersChanges,
  Effect.gen(function*() {
    const calls = makeCalls(yield* Transport)
    return {
      list: calls.list,
      get: (userId, id) => calls.get(userId, id, ServerOAuthProvider),
      update: calls.update,
      delete: calls.remove,
      create: calls.create
    } satisfies ServerOAuthProvidersShape
  })
)
