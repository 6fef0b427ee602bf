/** The known errors the `ConnectedAccounts` and `ServerConnectedAccounts` methods document (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

/**
 * Both services ask the same endpoints, for the signed-in user or any user. A provider on the hosted shared
 * keys hands out no access tokens (unless the service is configured to), whatever the user or account.
 */
export const ConnectedAccountsErrors = {
  accessToken: [
    "UserAuthenticationRequired",
    "UserNotFound",
    "OAuthProviderNotFoundOrNotEnabled",
    "OAuthAccessTokenNotAvailableWithSharedOAuthKeys"
  ],
  // A client naming another user gets a plain 403 (an HttpError), as hosted answers.
  list: ["CannotGetOwnUserWithoutUser", "UserNotFound"]
} as const satisfies ErrorTable
