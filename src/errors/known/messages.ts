/**
 * Pieces of the hosted service's known-error messages that several errors share or that need more than
 * one line to build. The texts are the hosted ones, word for word: clients match on them.
 */

/** Ends the "already exists" messages when signing in with the other method would work after verification. */
export const notVerifiedHint =
  " but the email is not verified. Please login to your existing account with the method you " +
  "used to sign up, and then verify your email to sign in with this login method."

/** The paragraph the project-authentication errors end with (the service's docs since its rename). */
export const restApiAuthDocs =
  "\n\nFor more information, see the docs on REST API authentication: " +
  "https://docs.hexclave.com/api/overview#authentication"

/** What the service's header errors add since its rename: the old name of a header still works. */
export const legacyAccessTypeNote = " (The legacy x-stack-access-type header is also accepted.)"

/**
 * ` (The access token expired at <ISO instant>.)` when the instant is known, else nothing. A value no Date can
 * hold (a server may send any number) is left out rather than thrown: building an error must never fail.
 */
export const expiredAtSuffix = (expiredAtMillis: number | null | undefined): string => {
  if (expiredAtMillis === undefined || expiredAtMillis === null || expiredAtMillis === 0) return ""
  const instant = new Date(expiredAtMillis)
  return Number.isNaN(instant.getTime()) ? "" : ` (The access token expired at ${instant.toISOString()}.)`
}

const known = (label: string, value: string | null | undefined) =>
  value === undefined || value === null || value === "" ? "" : ` ${label}: ${value}.`

/** The expired-access-token message: the instant and ids that are known, then the hosted debugging hint. */
export const accessTokenExpiredMessage = (details: {
  readonly expired_at_millis?: number | null | undefined
  readonly project_id?: string | null | undefined
  readonly user_id?: string | null | undefined
  readonly refresh_token_id?: string | null | undefined
}): string =>
  "Access token has expired. Please refresh it and try again." +
  expiredAtSuffix(details.expired_at_millis) +
  known("Project ID", details.project_id) +
  known("User ID", details.user_id) +
  known("Refresh token ID", details.refresh_token_id) +
  "\n\nDebug info: Most likely, you fetched the access token before it expired (for example, in a server component, " +
  "pre-rendered page, or on page load), but then didn't refresh it before it expired. If this is the case, and you're " +
  "using the SDK, make sure you call getAccessToken() every time you need to use the access token. If you're not using " +
  "the SDK, make sure you refresh the access token with the refresh endpoint."

/** Each overload's error as indented JSON under a header, as the hosted service lays it out. */
export const allOverloadsFailedMessage = (overloadErrors: ReadonlyArray<unknown>): string =>
  "This endpoint has multiple overloads, but they all failed to process the request.\n\n" +
  overloadErrors
    .map((error, i) => `Overload ${i + 1}: ${JSON.stringify(error, undefined, 2)}`)
    .join("\n\n")
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n")

/** The reason named in restricted-user messages; the hosted service reads a missing reason as anonymous. */
export const restrictedReasonType = (reason: { readonly type: string } | null): string => reason?.type ?? "anonymous"

/** The message for a bad access-type header; the value is only known where the header was read. */
export const invalidAccessTypeMessage = (accessType: string | undefined): string =>
  "The x-hexclave-access-type header must be 'client', 'server', or 'admin'" +
  (accessType === undefined ? "." : `, but was '${accessType}'.`) +
  legacyAccessTypeNote
