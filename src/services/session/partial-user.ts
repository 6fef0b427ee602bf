/**
 * What the signed-in user's access token says about them, read without a request (the official SDK's
 * `getPartialUser({ from: "token" })`): id, primary e-mail, display name and the flags the token carries. It is
 * not verified (the server does that) and only as fresh as the token, so it suits a quick render, not a
 * decision: ask `CurrentUser` for the user itself.
 *
 * @example
 * const partial = yield* partialUser()                       // null when signed out, or a guest's token
 * const guest = yield* partialUser({ or: "anonymous-if-exists" })
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { RestrictedReason } from "../../domain/user.js"
import { Session, type SessionError } from "./session.js"
import { accessTokenExpiry, isFresh, unverifiedClaims } from "./session-freshness.js"

/** The user as the access token describes them. */
export interface PartialUser {
  readonly id: string
  readonly primaryEmail: string | null
  readonly displayName: string | null
  readonly primaryEmailVerified: boolean
  readonly isAnonymous: boolean
  readonly isMultiFactorRequired: boolean
  readonly isRestricted: boolean
  readonly restrictedReason: RestrictedReason | null
}

/** Whether a guest's (anonymous user's) token answers: by default it does not, as in the official SDK. */
export interface PartialUserOptions {
  readonly or?: "return-null" | "anonymous-if-exists" | undefined
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null)

const reasonOf = (value: unknown): RestrictedReason | null =>
  typeof value === "object" && value !== null && "type" in value && typeof value.type === "string"
    ? { type: value.type }
    : null

/**
 * The partial user of an access token at `nowMs`: `null` when the token is unreadable, expired, has no
 * subject, or is a guest's and `or` is not `"anonymous-if-exists"`.
 */
export const partialUserOf = (
  accessToken: string,
  nowMs: number,
  options: PartialUserOptions = {}
): PartialUser | null => {
  const claims = unverifiedClaims(accessToken)
  const id = text(claims?.["sub"])
  if (claims === undefined || id === null || !isFresh(accessTokenExpiry(accessToken), nowMs, 0)) return null
  const isAnonymous = claims["is_anonymous"] === true
  if (isAnonymous && options.or !== "anonymous-if-exists") return null
  return {
    id,
    primaryEmail: text(claims["email"]),
    displayName: text(claims["name"]),
    primaryEmailVerified: claims["email_verified"] === true,
    isAnonymous,
    isMultiFactorRequired: claims["requires_totp_mfa"] === true,
    isRestricted: claims["is_restricted"] === true,
    restrictedReason: reasonOf(claims["restricted_reason"])
  }
}

/** The partial user of the session's access token (refreshed first when it is about to expire), or `null`. */
export const partialUser = (
  options: PartialUserOptions = {}
): Effect.Effect<PartialUser | null, SessionError, Session> =>
  Effect.gen(function* () {
    const tokens = yield* (yield* Session).getTokens()
    if (tokens.accessToken === null) return null
    return partialUserOf(tokens.accessToken, yield* Clock.currentTimeMillis, options)
  })
