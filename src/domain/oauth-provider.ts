/**
 * A user's linked OAuth providers (`/oauth-providers`): each provider account connected to the user, whether
 * it signs the user in and whether it hands out provider tokens as a connected account.
 */
import * as Schema from "effect/Schema"
import { ListResponse } from "./list.js"
import { EmailAddress } from "./rules/email.js"
import { wireStruct } from "./wire.js"

const oauthProviderFields = {
  /** The link's own id (a UUID), which names it in `/oauth-providers/{user}/{id}`. */
  id: Schema.String,
  userId: Schema.String,
  /**
   * The provider account's e-mail, as the provider told it: it tells apart several accounts of one provider.
   * The service leaves the key out when it has none.
   */
  email: Schema.optionalKey(Schema.String),
  /** The key of the provider's entry in the project's config (`github`, ...). */
  providerConfigId: Schema.String,
  /**
   * The provider's kind (`github`, `google`, ...). A plain string on read, so a kind the service adds later
   * still decodes.
   */
  type: Schema.String,
  /** Whether this account signs the user in. At most one account per provider may. */
  allowSignIn: Schema.Boolean,
  /** Whether this account hands out provider access tokens (`ConnectedAccounts`). */
  allowConnectedAccounts: Schema.Boolean
}

/** A linked provider as the client tier reads it: the account's id at the provider is not shown. */
export const OAuthProvider = wireStruct(oauthProviderFields)
export type OAuthProvider = typeof OAuthProvider.Type

/** A linked provider as the server tier reads it, with the account's id at the provider. */
export const ServerOAuthProvider = wireStruct({ ...oauthProviderFields, accountId: Schema.String })
export type ServerOAuthProvider = typeof ServerOAuthProvider.Type

/** `GET /oauth-providers?user_id=` answer, client tier (never paginated). @internal */
export const OAuthProviderList = ListResponse(OAuthProvider)
/** `GET /oauth-providers` answer, server tier. @internal */
export const ServerOAuthProviderList = ListResponse(ServerOAuthProvider)

const clientUpdateFields = {
  allowSignIn: Schema.optionalKey(Schema.Boolean),
  allowConnectedAccounts: Schema.optionalKey(Schema.Boolean)
}

/** `PATCH /oauth-providers/{user}/{id}` body of a client: only the two switches. */
export const OAuthProviderUpdate = wireStruct(clientUpdateFields)
export type OAuthProviderUpdate = typeof OAuthProviderUpdate.Type

/** The server tier may also correct the account's e-mail and its id at the provider. */
export const ServerOAuthProviderUpdate = wireStruct({
  ...clientUpdateFields,
  email: Schema.optionalKey(EmailAddress),
  accountId: Schema.optionalKey(Schema.String)
})
export type ServerOAuthProviderUpdate = typeof ServerOAuthProviderUpdate.Type

/** `POST /oauth-providers` body (server tier): links a provider account to a user without an OAuth flow. */
export const ServerOAuthProviderCreate = wireStruct({
  /** `"me"` or a user id. */
  userId: Schema.String,
  providerConfigId: Schema.String,
  email: Schema.optionalKey(EmailAddress),
  allowSignIn: Schema.Boolean,
  allowConnectedAccounts: Schema.Boolean,
  accountId: Schema.String
})
export type ServerOAuthProviderCreate = typeof ServerOAuthProviderCreate.Type
