/**
 * Linked OAuth providers (`/oauth-providers`): the provider accounts linked to a user, whether each signs
 * the user in and whether it hands out provider tokens. A client reads and changes its own links (`me` or
 * its id); server and admin any user's, see each account's id at the provider, and link an account
 * without an OAuth flow. A missing link, a conflict between links and a client naming another user are
 * plain-text refusals, not known errors. User and link ids are UUIDs (`me` for the user): anything else
 * is SCHEMA_ERROR.
 */
import * as Schema from "effect/Schema"
import {
  OAuthProvider,
  OAuthProviderList,
  OAuthProviderUpdate,
  ServerOAuthProvider,
  ServerOAuthProviderCreate,
  ServerOAuthProviderList,
  ServerOAuthProviderUpdate
} from "../domain/oauth-provider.js"
import { SuccessResponse } from "../domain/success.js"
import { OAuthProviderLinkId, UserIdOrMe } from "../domain/ids.js"
import { dataKeys } from "./data-keys.js"
import { ALL, SERVER } from "./access.js"
import { endpoint } from "./declaration.js"
import { UserCrudQuery } from "./crud-query.js"

/** The user's read lists its linked accounts, so a link that comes or goes (or changes) changes it too. */
const linked = [dataKeys.oauthProviders, dataKeys.user]

/** The path of one link: the user (`me` or a UUID) and the link's id, both checked before anything else. */
const linkParams = { user_id: UserIdOrMe, provider_id: OAuthProviderLinkId }

const link = { client: OAuthProvider, server: ServerOAuthProvider }
const read = ["CannotGetOwnUserWithoutUser", "SchemaError"] as const
// Turning sign-in on for an account another user signs in with.
const update = [...read, "OAuthProviderAccountIdAlreadyUsedForSignIn"] as const

export const OAuthProvidersApi = {
  list: endpoint({
    name: "oauthProviders.list",
    summary: "A user's linked providers (`me` for a client), or every link of the project for a server",
    method: "GET",
    path: "/oauth-providers",
    access: ALL,
    query: Schema.Struct({ user_id: Schema.optionalKey(UserIdOrMe) }),
    success: { client: OAuthProviderList, server: ServerOAuthProviderList },
    errors: {
      client: ["CannotGetOwnUserWithoutUser"],
      server: ["CannotGetOwnUserWithoutUser", "UserNotFound", "SchemaError"]
    }
  }),
  create: endpoint({
    name: "oauthProviders.create",
    summary: "Links a provider account to a user without an OAuth flow",
    method: "POST",
    path: "/oauth-providers",
    access: SERVER,
    query: UserCrudQuery,
    body: ServerOAuthProviderCreate,
    success: ServerOAuthProvider,
    status: 201,
    errors: [
      "CannotGetOwnUserWithoutUser",
      "SchemaError",
      "UserNotFound",
      "OAuthProviderAccountIdAlreadyUsedForSignIn"
    ],
    changes: linked
  }),
  get: endpoint({
    name: "oauthProviders.get",
    summary: "One linked provider of a user",
    method: "GET",
    path: "/oauth-providers/{user_id}/{provider_id}",
    params: linkParams,
    access: ALL,
    query: UserCrudQuery,
    success: link,
    errors: { client: read, server: [...read, "UserNotFound"] }
  }),
  update: endpoint({
    name: "oauthProviders.update",
    summary: "Turns sign-in or connected access on or off; a server may also correct the e-mail and account id",
    method: "PATCH",
    path: "/oauth-providers/{user_id}/{provider_id}",
    params: linkParams,
    access: ALL,
    query: UserCrudQuery,
    body: { client: OAuthProviderUpdate, server: ServerOAuthProviderUpdate },
    success: link,
    errors: { client: update, server: [...update, "UserNotFound"] },
    // The switches are not part of the user's read; the e-mail and the account id are.
    changes: ({ body }) =>
      typeof body === "object" && body !== null && ("email" in body || "accountId" in body)
        ? linked
        : [dataKeys.oauthProviders]
  }),
  delete: endpoint({
    name: "oauthProviders.delete",
    summary: "Unlinks a provider account",
    method: "DELETE",
    path: "/oauth-providers/{user_id}/{provider_id}",
    params: linkParams,
    access: ALL,
    query: UserCrudQuery,
    success: SuccessResponse,
    errors: { client: read, server: [...read, "UserNotFound"] },
    changes: linked
  })
}
