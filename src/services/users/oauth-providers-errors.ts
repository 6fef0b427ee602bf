/** The known errors each `OAuthProviders` and `ServerOAuthProviders` method documents (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

/**
 * The signed-in user's links. A link id that is not a UUID is `SchemaError` (the service checks the path's
 * format first). The plain-text refusals (a missing link, a conflict between links, a client naming another
 * user: 403) are not known errors; the client names the first two (errors/client/oauth-provider-errors.ts).
 */
export const OAuthProvidersErrors = {
  list: ["CannotGetOwnUserWithoutUser"],
  get: ["CannotGetOwnUserWithoutUser", "SchemaError"],
  // Turning sign-in on for an account another user signs in with.
  update: ["CannotGetOwnUserWithoutUser", "SchemaError", "OAuthProviderAccountIdAlreadyUsedForSignIn"],
  delete: ["CannotGetOwnUserWithoutUser", "SchemaError"]
} as const satisfies ErrorTable

/** Any user's links: the user may not exist, and a link made by the server may clash with another user's sign-in. */
export const ServerOAuthProvidersErrors = {
  list: [...OAuthProvidersErrors.list, "UserNotFound", "SchemaError"],
  get: [...OAuthProvidersErrors.get, "UserNotFound"],
  update: [...OAuthProvidersErrors.update, "UserNotFound"],
  delete: [...OAuthProvidersErrors.delete, "UserNotFound"],
  create: ["CannotGetOwnUserWithoutUser", "SchemaError", "UserNotFound", "OAuthProviderAccountIdAlreadyUsedForSignIn"]
} as const satisfies ErrorTable
