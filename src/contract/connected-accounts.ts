/**
 * Connected accounts (`/connected-accounts/{user_id}`): the OAuth accounts connected to a user and their
 * provider access tokens, `{ access_token }` (201) for a body `{ scope? }`, per provider account (the newer
 * path), per provider (any of the user's accounts of it), or by the oldest path of the signed-in user's own
 * token (`/auth/oauth/connected-accounts/...`, deprecated on the hosted service, kept for older clients).
 * A client asks for itself only (`me` or its id; anyone else is a plain 403); server and admin for anyone.
 */
import * as Schema from "effect/Schema"
import { ConnectedAccountList } from "../domain/connected-account.js"
import { ConnectedAccountAccessToken } from "../domain/tokens.js"
import { UserIdOrMe } from "../domain/ids.js"
import { ALL } from "./access.js"
import { endpoint } from "./declaration.js"

const TokenRequest = Schema.Struct({ scope: Schema.optionalKey(Schema.String) })

/**
 * A connection that is missing or lacks the scope is an answer the client reads as "no token"; a provider
 * on the hosted shared keys hands out no token at all.
 */
const tokenErrors = [
  "UserAuthenticationRequired",
  "UserNotFound",
  "OAuthProviderNotFoundOrNotEnabled",
  "OAuthAccessTokenNotAvailableWithSharedOAuthKeys",
  "OAuthConnectionNotConnectedToUser",
  "OAuthConnectionDoesNotHaveRequiredScope"
] as const

export const ConnectedAccountsApi = {
  list: endpoint({
    name: "connectedAccounts.list",
    summary: "A user's connected accounts (`me` for a client)",
    method: "GET",
    path: "/connected-accounts/{user_id}",
    params: { user_id: UserIdOrMe },
    access: ALL,
    success: ConnectedAccountList,
    // A user id that is neither a UUID nor `me`: SCHEMA_ERROR, as the service's path schema.
    errors: ["CannotGetOwnUserWithoutUser", "UserNotFound", "SchemaError"]
  }),
  accountAccessToken: endpoint({
    name: "connectedAccounts.accountAccessToken",
    summary: "The provider access token of one connected account of a user",
    method: "POST",
    path: "/connected-accounts/{user_id}/{provider_id}/{provider_account_id}/access-token",
    params: { user_id: UserIdOrMe },
    access: ALL,
    body: TokenRequest,
    success: ConnectedAccountAccessToken,
    status: 201,
    errors: tokenErrors
  }),
  accessToken: endpoint({
    name: "connectedAccounts.accessToken",
    summary: "A provider access token from any of a user's connected accounts of the provider",
    method: "POST",
    path: "/connected-accounts/{user_id}/{provider_id}/access-token",
    params: { user_id: UserIdOrMe },
    access: ALL,
    body: TokenRequest,
    success: ConnectedAccountAccessToken,
    status: 201,
    errors: tokenErrors
  }),
  ownAccessToken: endpoint({
    name: "connectedAccounts.ownAccessToken",
    summary: "The signed-in user's provider access token (the oldest path, deprecated)",
    method: "POST",
    path: "/auth/oauth/connected-accounts/{provider_id}/access-token",
    access: ALL,
    body: TokenRequest,
    success: ConnectedAccountAccessToken,
    status: 201,
    errors: tokenErrors
  })
}
