import * as Schema from "effect/Schema"
import { ExpiredAtMillis } from "./fields.js"
import { knownError } from "./factory.js"
import { accessTokenExpiredMessage } from "./messages.js"

const maybeId = Schema.optionalKey(Schema.NullOr(Schema.String))

/** The `UNPARSABLE_ACCESS_TOKEN` known error (401): "Access token is not parsable." */
export class UnparsableAccessToken extends knownError<UnparsableAccessToken>()(
  "UNPARSABLE_ACCESS_TOKEN",
  401,
  "Access token is not parsable."
) {}
// Older hosted versions send fewer details, so every field is optional.
/** The `ACCESS_TOKEN_EXPIRED` known error (401). */
export class AccessTokenExpired extends knownError<AccessTokenExpired>()(
  "ACCESS_TOKEN_EXPIRED",
  401,
  accessTokenExpiredMessage,
  { expired_at_millis: ExpiredAtMillis, project_id: maybeId, user_id: maybeId, refresh_token_id: maybeId }
) {}
/** The `INVALID_PROJECT_FOR_ACCESS_TOKEN` known error (401). */
export class InvalidProjectForAccessToken extends knownError<InvalidProjectForAccessToken>()(
  "INVALID_PROJECT_FOR_ACCESS_TOKEN",
  401,
  (d) =>
    `Access token not valid for this project. Expected project ID ${JSON.stringify(d.expected_project_id)}, but the token ` +
    `is for project ID ${JSON.stringify(d.actual_project_id)}.`,
  { expected_project_id: Schema.String, actual_project_id: Schema.String }
) {}
/** The `CANNOT_DELETE_CURRENT_SESSION` known error (400): "Cannot delete the current session." */
export class CannotDeleteCurrentSession extends knownError<CannotDeleteCurrentSession>()(
  "CANNOT_DELETE_CURRENT_SESSION",
  400,
  "Cannot delete the current session."
) {}
/** The `PROVIDER_REJECTED` known error (401). */
export class ProviderRejected extends knownError<ProviderRejected>()(
  "PROVIDER_REJECTED",
  401,
  "The provider refused to refresh their token. This usually means that the provider used to authenticate the user no " +
    "longer regards this session as valid, and the user must re-authenticate."
) {}
/** The `REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED` known error (401). */
export class RefreshTokenNotFoundOrExpired extends knownError<RefreshTokenNotFoundOrExpired>()(
  "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
  401,
  "Refresh token not found for this project, or the session has expired/been revoked."
) {}
/** The `USER_AUTHENTICATION_REQUIRED` known error (401): "User authentication required for this endpoint." */
export class UserAuthenticationRequired extends knownError<UserAuthenticationRequired>()(
  "USER_AUTHENTICATION_REQUIRED",
  401,
  "User authentication required for this endpoint."
) {}
/** The `ANONYMOUS_AUTHENTICATION_NOT_ALLOWED` known error (401). */
export class AnonymousAuthenticationNotAllowed extends knownError<AnonymousAuthenticationNotAllowed>()(
  "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED",
  401,
  "X-Stack-Access-Token is for an anonymous user, but anonymous users are not enabled. Set the " +
    "X-Stack-Allow-Anonymous-User header of this request to 'true' to allow anonymous users."
) {}
