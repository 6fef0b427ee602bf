import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"

const providerId = { provider_id: Schema.String }

/**
 * The `OAUTH_CONNECTION_NOT_CONNECTED_TO_USER` known error (400): "The OAuth connection is not connected to any user."
 */
export class OAuthConnectionNotConnectedToUser extends knownError<OAuthConnectionNotConnectedToUser>()(
  "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER",
  400,
  "The OAuth connection is not connected to any user."
) {}
/**
 * The `OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER` known error (409): the provider account is linked to
 * another user.
 */
export class OAuthConnectionAlreadyConnectedToAnotherUser extends knownError<OAuthConnectionAlreadyConnectedToAnotherUser>()(
  "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
  409,
  "The OAuth connection is already connected to another user."
) {}
/**
 * The `OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE` known error (400): "The OAuth connection does not have the
 * required scope."
 */
export class OAuthConnectionDoesNotHaveRequiredScope extends knownError<OAuthConnectionDoesNotHaveRequiredScope>()(
  "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
  400,
  "The OAuth connection does not have the required scope."
) {}
/** The `OAUTH_ACCESS_TOKEN_NOT_AVAILABLE` known error (400). */
export class OAuthAccessTokenNotAvailable extends knownError<OAuthAccessTokenNotAvailable>()(
  "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE",
  400,
  (d) => `Failed to retrieve an OAuth access token for the connected account (provider: ${d.provider}). ${d.details}`,
  { provider: Schema.String, details: Schema.String }
) {}
/**
 * The `OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS` known error (400): extra scopes need the project's own
 * OAuth keys.
 */
export class OAuthExtraScopeNotAvailableWithSharedOAuthKeys extends knownError<OAuthExtraScopeNotAvailableWithSharedOAuthKeys>()(
  "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
  400,
  "Extra scopes are not available with shared OAuth keys. Please add your own OAuth keys on the Hexclave dashboard to use extra scopes."
) {}
/**
 * The `OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS` known error (400): provider access tokens need the
 * project's own OAuth keys.
 */
export class OAuthAccessTokenNotAvailableWithSharedOAuthKeys extends knownError<OAuthAccessTokenNotAvailableWithSharedOAuthKeys>()(
  "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
  400,
  "Access tokens are not available with shared OAuth keys. Please add your own OAuth keys on the Hexclave dashboard to use access tokens."
) {}
/** The `INVALID_OAUTH_CLIENT_ID_OR_SECRET` known error (400). */
export class InvalidOAuthClientIdOrSecret extends knownError<InvalidOAuthClientIdOrSecret>()(
  "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
  400,
  "The OAuth client ID or secret is invalid. The client ID must be equal to the project ID (potentially with a hash and a " +
    "branch ID), and the client secret must be a publishable client key.",
  { client_id: Schema.optionalKey(Schema.NullOr(Schema.String)) }
) {}
/** The `INVALID_SCOPE` known error (400): "The OAuth scope is invalid." */
export class InvalidScope extends knownError<InvalidScope>()("INVALID_SCOPE", 400, "The OAuth scope is invalid.") {}
/**
 * The `USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION` known error (409): the user already has another account of
 * this provider linked.
 */
export class UserAlreadyConnectedToAnotherOAuthConnection extends knownError<UserAlreadyConnectedToAnotherOAuthConnection>()(
  "USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION",
  409,
  "The user is already connected to another OAuth account. Did you maybe selected the wrong account?"
) {}
/** The `OUTER_OAUTH_TIMEOUT` known error (408): "The OAuth flow has timed out. Please sign in again." */
export class OuterOAuthTimeout extends knownError<OuterOAuthTimeout>()(
  "OUTER_OAUTH_TIMEOUT",
  408,
  "The OAuth flow has timed out. Please sign in again."
) {}
/**
 * The `OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED` known error (400): "The OAuth provider is not found or not enabled."
 */
export class OAuthProviderNotFoundOrNotEnabled extends knownError<OAuthProviderNotFoundOrNotEnabled>()(
  "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
  400,
  "The OAuth provider is not found or not enabled."
) {}
/**
 * The `OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN` known error (400): another user signs in with this provider
 * account.
 */
export class OAuthProviderAccountIdAlreadyUsedForSignIn extends knownError<OAuthProviderAccountIdAlreadyUsedForSignIn>()(
  "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
  400,
  "A provider with the same account ID is already used for signing in."
) {}
/** The `INVALID_SHARED_OAUTH_PROVIDER_ID` known error (400). */
export class InvalidSharedOAuthProviderId extends knownError<InvalidSharedOAuthProviderId>()(
  "INVALID_SHARED_OAUTH_PROVIDER_ID",
  400,
  (d) => `The shared OAuth provider with ID ${d.provider_id} is not valid.`,
  providerId
) {}
/** The `INVALID_STANDARD_OAUTH_PROVIDER_ID` known error (400). */
export class InvalidStandardOAuthProviderId extends knownError<InvalidStandardOAuthProviderId>()(
  "INVALID_STANDARD_OAUTH_PROVIDER_ID",
  400,
  (d) => `The standard OAuth provider with ID ${d.provider_id} is not valid.`,
  providerId
) {}
/** The `OAUTH_PROVIDER_ACCESS_DENIED` known error (400): "The OAuth provider denied access to the user." */
export class OAuthProviderAccessDenied extends knownError<OAuthProviderAccessDenied>()(
  "OAUTH_PROVIDER_ACCESS_DENIED",
  400,
  "The OAuth provider denied access to the user."
) {}
/**
 * The `OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE` known error (503): "The OAuth provider is temporarily unavailable.
 * Please try signing in again."
 */
export class OAuthProviderTemporarilyUnavailable extends knownError<OAuthProviderTemporarilyUnavailable>()(
  "OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE",
  503,
  "The OAuth provider is temporarily unavailable. Please try signing in again."
) {}
/**
 * The `APPLE_BUNDLE_ID_NOT_CONFIGURED` known error (400), of the hosted native Sign in with Apple route: the
 * project enables Apple but lists no app Bundle ID.
 */
export class AppleBundleIdNotConfigured extends knownError<AppleBundleIdNotConfigured>()(
  "APPLE_BUNDLE_ID_NOT_CONFIGURED",
  400,
  "Apple Sign In is enabled, but no Bundle IDs are configured. Please add your app's Bundle ID in the Hexclave " +
    "dashboard under OAuth Providers > Apple > Apple Bundle IDs."
) {}
/** The `INVALID_APPLE_CREDENTIALS` known error (400), of the hosted native Sign in with Apple route. */
export class InvalidAppleCredentials extends knownError<InvalidAppleCredentials>()(
  "INVALID_APPLE_CREDENTIALS",
  400,
  "The Apple Sign In credentials could not be verified. Please try signing in again."
) {}
