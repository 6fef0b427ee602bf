/**
 * The two refusals of the user and team API-key routes that the hosted service sends as plain text rather
 * than known errors; the API-key services turn those answers into these, so a caller can match them.
 */
import * as Data from "effect/Data"

/**
 * The project does not allow this kind of key (`allow_user_api_keys` / `allow_team_api_keys` off): the
 * service's plain 400 "User API keys are not enabled for this project." (or "Team ...").
 */
export class ApiKeysDisabled extends Data.TaggedError("ApiKeysDisabled")<{
  readonly keyType: "user" | "team"
  readonly message: string
}> {}

/** A client named another user's keys: the service's plain 403 "Client can only manage their own api keys". */
export class ApiKeyAccessDenied extends Data.TaggedError("ApiKeyAccessDenied")<{ readonly message: string }> {}
