/**
 * The authorization codes of the OAuth flow: the callback issues one for the signed-in user, the client
 * redeems it once at `/auth/oauth/token` with the PKCE verifier and the same redirect URI.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { InvalidAuthorizationCode } from "@stackfx/lib/errors/known/sign-in.js"
import { randomSecret } from "../../crypto/secrets.js"
import { Refused } from "../../errors/refused.js"
import { verifyPkce } from "../protocol/pkce.js"
import {
  findUnusedAuthorizationCode,
  insertAuthorizationCode,
  takeAuthorizationCode
} from "../store/authorization-codes.js"
import type { DbEffect } from "../../store/db.js"

/** How long a client has to redeem a code. */
export const AUTHORIZATION_CODE_TTL_MS = 5 * 60 * 1000

/** Strips `code` and `state` from a redirect URI, as the client does before sending it. */
export const normalizeRedirectUri = (uri: string): string => {
  if (!URL.canParse(uri)) return uri
  const url = new URL(uri)
  url.searchParams.delete("code")
  url.searchParams.delete("state")
  return url.toString()
}

export const issueAuthorizationCode = (input: {
  readonly projectId: string
  readonly userId: string
  readonly redirectUri: string
  readonly codeChallenge: string
  readonly codeChallengeMethod: string
  readonly isNewUser: boolean
  readonly afterCallbackRedirectUrl: string | null
  readonly data?: Schema.Json | undefined
}): DbEffect<string> =>
  Effect.gen(function* () {
    const code = yield* randomSecret(32)
    const now = yield* Clock.currentTimeMillis
    yield* insertAuthorizationCode({
      code,
      projectId: input.projectId,
      userId: input.userId,
      redirectUri: normalizeRedirectUri(input.redirectUri),
      codeChallenge: input.codeChallenge,
      codeChallengeMethod: input.codeChallengeMethod,
      isNewUser: input.isNewUser,
      afterCallbackRedirectUrl: input.afterCallbackRedirectUrl,
      data: input.data ?? {},
      createdAt: new Date(now),
      expiresAt: new Date(now + AUTHORIZATION_CODE_TTL_MS)
    })
    return code
  })

export interface RedeemedCode {
  readonly userId: string
  readonly isNewUser: boolean
  readonly afterCallbackRedirectUrl: string | null
  /**
   * Issued by the cross-domain hand-off (cross-domain-handoff.ts) to a user already signed in:
   * their second factor was asked when that session began, so the exchange does not ask it again.
   */
  readonly handoff: boolean
}

/** Hosted's answer to a redirect URI other than the one the code was issued for, word for word. */
export const REDIRECT_URI_MISMATCH_MESSAGE =
  "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code."

/**
 * Redeems a code in the order of the OAuth library the hosted service runs: the code is looked up (unknown,
 * used or expired is INVALID_AUTHORIZATION_CODE) and its PKCE verifier checked (INVALID_AUTHORIZATION_CODE),
 * then the redirect URI is compared (a plain 400, not a known error: hosted turns the library's
 * invalid-request error into a status error), and only then is the code used. A failed attempt therefore
 * leaves the code usable until it expires, as hosted does; the PKCE verifier is what keeps a stolen code
 * from being redeemed by someone else.
 */
export const redeemAuthorizationCode = (input: {
  readonly projectId: string
  readonly code: string
  readonly codeVerifier: string
  readonly redirectUri: string
}): DbEffect<RedeemedCode, InvalidAuthorizationCode | Refused> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const row = yield* findUnusedAuthorizationCode(input.projectId, input.code)
    if (row === undefined || row.expiresAt.getTime() <= now) return yield* Effect.fail(new InvalidAuthorizationCode({}))
    yield* verifyPkce({ verifier: input.codeVerifier, challenge: row.codeChallenge, method: row.codeChallengeMethod })
    if (normalizeRedirectUri(input.redirectUri) !== row.redirectUri) {
      return yield* Effect.fail(new Refused({ reason: "invalid", message: REDIRECT_URI_MISMATCH_MESSAGE }))
    }
    // Using it decides a race between two redemptions of the same code: the second finds it used.
    const taken = yield* takeAuthorizationCode(input.projectId, input.code, new Date(now))
    if (taken === undefined) return yield* Effect.fail(new InvalidAuthorizationCode({}))
    const data = taken.data
    const handoff =
      typeof data === "object" && data !== null && "crossDomainHandoff" in data && data.crossDomainHandoff === true
    return {
      userId: taken.userId,
      isNewUser: taken.isNewUser,
      afterCallbackRedirectUrl: taken.afterCallbackRedirectUrl,
      handoff
    }
  })
