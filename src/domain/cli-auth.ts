/**
 * Sign-in for command-line programs (`/auth/cli`, `/auth/cli/poll`, `/auth/cli/complete`), as the hosted
 * service has them: the program starts an attempt and gets a polling code (kept to itself) and a login
 * code (put in a URL the person opens); the person, signed in in a browser, completes the attempt with
 * their session's refresh token; the program's next poll receives that refresh token.
 */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** The hosted default lifetime of an attempt: two minutes (since April 2026; two hours before). @internal */
export const CLI_AUTH_DEFAULT_EXPIRES_IN_MILLIS = 2 * 60 * 1000
/** The hosted longest lifetime of an attempt: fifteen minutes (one day before). @internal */
export const CLI_AUTH_MAX_EXPIRES_IN_MILLIS = 15 * 60 * 1000

/** The body of `POST /auth/cli`; both keys optional (the hosted default lifetime is two minutes, at most 15). */
export const CliAuthStartRequest = wireStruct({
  expiresInMillis: Schema.optionalKey(Schema.Finite.check(Schema.isLessThanOrEqualTo(CLI_AUTH_MAX_EXPIRES_IN_MILLIS))),
  /** The refresh token of an anonymous user of the program, whose session the browser may claim. */
  anonRefreshToken: Schema.optionalKey(Schema.String)
})
export type CliAuthStartRequest = typeof CliAuthStartRequest.Type

/** The answer of `POST /auth/cli`; `expires_at` is an ISO date string on the wire. */
export const CliAuthAttempt = wireStruct({
  pollingCode: Schema.String,
  loginCode: Schema.String,
  expiresAt: Schema.String
})
export type CliAuthAttempt = typeof CliAuthAttempt.Type

/** The body of `POST /auth/cli/poll`. */
export const CliAuthPollRequest = wireStruct({ pollingCode: Schema.String })
export type CliAuthPollRequest = typeof CliAuthPollRequest.Type

/** Where an attempt stands, as the hosted poll answers it. */
export const CliAuthStatus = Schema.Literals(["waiting", "success", "expired", "used"])
export type CliAuthStatus = typeof CliAuthStatus.Type

/**
 * The answer of `POST /auth/cli/poll`: 200 with the status, or 201 with `success` and the refresh token
 * (handed out once; later polls answer `used`).
 */
export const CliAuthPollAnswer = wireStruct({
  status: CliAuthStatus,
  refreshToken: Schema.optionalKey(Schema.String)
})
export type CliAuthPollAnswer = typeof CliAuthPollAnswer.Type

/**
 * The body of `POST /auth/cli/complete`. `complete` (the default) needs the browser session's refresh
 * token; `check` and `claim-anon-session` concern an anonymous session the program attached at the start.
 */
export const CliAuthCompleteRequest = wireStruct({
  loginCode: Schema.String,
  mode: Schema.optionalKey(Schema.Literals(["check", "claim-anon-session", "complete"])),
  refreshToken: Schema.optionalKey(Schema.String)
})
export type CliAuthCompleteRequest = typeof CliAuthCompleteRequest.Type
