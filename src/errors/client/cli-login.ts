/**
 * What a command-line sign-in (`CliLogin`) can end with besides the service's known errors. The hosted
 * service answers these with a poll status or a plain 400, not a known error; the official SDK names the
 * first two `CLI_AUTH_EXPIRED_ERROR` and `CLI_AUTH_USED_ERROR` on its side.
 */
import * as Data from "effect/Data"

/** The attempt expired before anyone confirmed it. */
export class CliLoginExpired extends Data.TaggedError("CliLoginExpired")<{ readonly message: string }> {}

/** The attempt's refresh token was already handed to a poll. */
export class CliLoginUsed extends Data.TaggedError("CliLoginUsed")<{ readonly message: string }> {}

/**
 * Completing refused the login code: unknown, expired, or already completed (the service's plain 400
 * "Invalid login code or the code has expired", whose text `message` carries).
 */
export class CliLoginCodeInvalid extends Data.TaggedError("CliLoginCodeInvalid")<{ readonly message: string }> {}

/** The polling schedule ended before the attempt was confirmed (the SDK's "Timed out waiting for CLI authentication."). */
export class CliLoginTimedOut extends Data.TaggedError("CliLoginTimedOut")<{ readonly message: string }> {}
