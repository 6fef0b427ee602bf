/** Connected accounts: a user's OAuth provider accounts that may hand out provider access tokens. */
import * as Schema from "effect/Schema"
import { ListResponse } from "./list.js"
import { wireStruct } from "./wire.js"

/**
 * One item of `GET /connected-accounts/{user}`: the provider (the project's provider id, e.g. `github`) and
 * the account's id at that provider, which names it in
 * `POST /connected-accounts/{user}/{provider}/{provider_account_id}/access-token`.
 */
export const ConnectedAccount = wireStruct({
  userId: Schema.String,
  provider: Schema.String,
  providerAccountId: Schema.String
})
export type ConnectedAccount = typeof ConnectedAccount.Type

/** `GET /connected-accounts/{user}` answer (never paginated). @internal */
export const ConnectedAccountList = ListResponse(ConnectedAccount)
