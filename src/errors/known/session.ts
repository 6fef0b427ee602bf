import * as Schema from "effect/Schema"
import { ExpiredAtMillis } from "./fields.js"
import { knownError } from "./factory.js"

const maybeId = Schema.optionalKey(Schema.NullOr(Schema.String))

export class UnparsableAccessToken extends knownError<UnparsableAccessToken>()(
  "UNPARSABLE_ACCESS_TOKEN", 401, "The access token is not parsable."
) {}
// Older hosted versions send fewer details, so every field is optional.
export class AccessTokenExpired extends knownError<AccessTokenExpired>()(
  "ACCESS_TOKEN_EXPIRED", 401, "The access token has expired. Please refresh it and try again.",
  { expired_at_millis: ExpiredAtMillis, project_id: maybeId, user_id: maybeId, refresh_token_id: maybeId }
) {}
export class InvalidProjectForAccessToken extends knownError<InvalidProjectForAccessToken>()(
  "INVALID_PROJECT_FOR_ACCESS_TOKEN", 401,
  (d) => `The access token is for project ${d.actual_project_id}, but project ${d.expected_project_id} was expected.`,
  { expected_project_id: Schema.String, actual_project_id: Schema.String }
) {}
export class CannotDeleteCurrentSession extends knownError<CannotDeleteCurrentSession>()(
  "CANNOT_DELETE_CURRENT_SESSION", 400, "The current session cannot be deleted this way; sign out instead."
) {}
export class ProviderRejected extends knownError<ProviderRejected>()(
  "PROVIDER_REJECTED", 401,
  "The sign-in provider no longer accepts this session and refused to refresh it. Please sign in again."
) {}
export class RefreshTokenNotFoundOrExpired extends knownError<RefreshTokenNotFoundOrExpired>()(
  "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401,
  "The refresh token was not found for this project, or the session has expired or been revoked."
) {}
export class UserAuthenticationRequired extends knownError<UserAuthenticationRequired>()(
  "USER_AUTHENTICATION_REQUIRED", 401, "A signed-in user is required for this action."
) {}
export class AnonymousAuthenticationNotAllowed extends knownError<AnonymousAuthenticationNotAllowed>()(
  "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED", 401,
  "The access token belongs to an anonymous user, but anonymous users are not allowed for this request."
) {}
