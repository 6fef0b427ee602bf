/** The known errors the `ConnectedAccounts` and `ServerConnectedAccounts` methods document (see `ErrorTable` in endpoint.ts). */
import type { ErrorTable } from "../http/endpoint.js"

/** Both services ask the same endpoint, for the signed-in user or any user. */
export const ConnectedAccountsErrors = {
  accessToken: ["UserAuthenticationRequired", "UserNotFound", "OAuthProviderNotFoundOrNotEnabled"]
} as const satisfies ErrorTable
