/**
 * The authorization codes of the OAuth flow: the callback issues one for the signed-in user, the client
 * redeems it once at `/auth/oauth/token` with the PKCE verifier and the same redirect URI.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { InvalidAuthorizationCode } from "@stackfx/lib/errors/known/sign-in.js"
import { randomSecret } from "../crypto/secrets.js"
import { verifyPkce } from "../oauth/pkce.js"
import { insertAuthorizationCode, takeAuthorizationCode } from "../store/authorization-codes.js"
import { Db, type DbError } from "../store/db.js"

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
}): Effect.Effect<string, DbError, Db> =>
  Effect.gen(function*() {
    const db = yield* Db
    const code = yield* randomSecret(32)
    const now = yield* Clock.currentTimeMillis
    yield* insertAuthorizationCode(db, {
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
}

/** Redeems a code; every mismatch is INVALID_AUTHORIZATION_CODE (and the code is spent either way). */
export const redeemAuthorizationCode = (input: {
  readonly projectId: string
  readonly code: string
  readonly codeVerifier: string
  readonly redirectUri: string
}): Effect.Effect<RedeemedCode, InvalidAuthorizationCode | DbError, Db> =>
  Effect.gen(function*() {
    const db = yield* Db
    const now = yield* Clock.currentTimeMillis
    const row = yield* takeAuthorizationCode(db, input.projectId, input.code, new Date(now))
    if (row === undefined || row.expiresAt.getTime() <= now) return yield* Effect.fail(new InvalidAuthorizationCode({}))
    if (normalizeRedirectUri(input.redirectUri) !== row.redirectUri) {
      return yield* Effect.fail(
        new InvalidAuthorizationCode({ message: "The redirect URI does not match the one used to get the code." })
      )
    }
    yield* verifyPkce({ verifier: input.codeVerifier, challenge: row.codeChallenge, method: row.codeChallengeMethod })
    return { userId: row.userId, isNewUser: row.isNewUser, afterCallbackRedirectUrl: row.afterCallbackRedirectUrl }
  })
