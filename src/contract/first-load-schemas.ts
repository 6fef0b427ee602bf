/**
 * The schemas of the calls on every program's path (the signed-in user, the session refresh). Code on a
 * program's first load must not import a schema (effect's Schema is about 15 KB gzip), so the declarations
 * of those calls name them with {@link SchemaRef} (declaration.ts) and the client resolves the name through its
 * codec module once it is loaded (services/wire/wire-codec.ts re-exports this table); the backend and the
 * generator import the table itself.
 */
import { SuccessResponse } from "../domain/success.js"
import { OAuthTokenForm } from "../domain/oauth-token-request.js"
import { RefreshTokenResponse, TokenEndpointResponse } from "../domain/tokens.js"
import { ClientUser, ServerUser } from "../domain/user.js"
import { ClientUserUpdate, ServerUserUpdate } from "../domain/user-inputs.js"

/** The table, by name. */
export const firstLoadSchemas = {
  ClientUser,
  ClientUserUpdate,
  OAuthTokenForm,
  RefreshTokenResponse,
  TokenEndpointResponse,
  SuccessResponse,
  // The server views of `/users/me` (the backend answers a server caller with them; the client calls it as a client).
  ServerUser,
  ServerUserUpdate
} as const

/** Their types, which the declarations name. */
export type FirstLoadSchemas = typeof firstLoadSchemas
