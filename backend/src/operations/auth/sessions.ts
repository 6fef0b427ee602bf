/** Sessions: a refresh token row plus access tokens minted for it. */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import {
  AccessTokenExpired,
  CannotDeleteCurrentSession,
  RefreshTokenNotFoundOrExpired
} from "@stackfx/lib/errors/known/session.js"
import { Refused } from "../../errors/refused.js"
import { AccessTokens } from "../../crypto/access-tokens.js"
import { randomId, randomSecret } from "../../crypto/secrets.js"
import { Db, type DbEffect, type DbError } from "../../store/db.js"
import {
  findExternalSession,
  insertExternalSession,
  findRefreshToken,
  findRefreshTokenById,
  insertRefreshToken,
  listRefreshTokens,
  type RefreshTokenRow,
  reviveRefreshToken,
  revokeRefreshToken,
  touchRefreshToken
} from "../../store/auth/refresh-tokens.js"
import { findUserView, updateUserColumns } from "../../store/users/users.js"

/** How long a session lasts when nothing else is said: one year, like the hosted service. */
const SESSION_LIFETIME_MILLIS = 31_536_000_000

export interface NewSession {
  readonly accessToken: string
  readonly refreshToken: string
  readonly refreshTokenId: string
}

/** Opens a session for the user; it fails only when the user does not exist (a caller bug). */
export const createSession = (input: {
  readonly projectId: string
  readonly userId: string
  /** Absent: one year, like the hosted service. */
  readonly expiresInMillis?: number | undefined
  readonly isImpersonation?: boolean | undefined
  /** The AI agent the session is opened for (agent sign-in); its name shows in the session lists. */
  readonly agentName?: string | undefined
}): Effect.Effect<NewSession, DbError, Db | AccessTokens> =>
  Effect.gen(function* () {
    const tokens = yield* AccessTokens
    const now = yield* Clock.currentTimeMillis
    const refreshToken = yield* randomSecret(32)
    const refreshTokenId = yield* randomId
    yield* insertRefreshToken({
      id: refreshTokenId,
      projectId: input.projectId,
      userId: input.userId,
      token: refreshToken,
      createdAt: new Date(now),
      expiresAt: new Date(now + (input.expiresInMillis ?? SESSION_LIFETIME_MILLIS)),
      isImpersonation: input.isImpersonation ?? false,
      agentName: input.agentName ?? null
    })
    yield* updateUserColumns(input.projectId, input.userId, { lastActiveAt: new Date(now) })
    const user = yield* findUserView(input.projectId, input.userId)
    if (user === undefined) return yield* Effect.die(new Error(`createSession: user ${input.userId} not found`))
    const accessToken = yield* tokens.mint({ projectId: input.projectId, user, refreshTokenId })
    return { accessToken, refreshToken, refreshTokenId }
  })

/**
 * The session of an external provider session (`key`, the user's provider session): made on its first
 * exchange, and made live again by a later one, even after the session was ended here (the provider, which
 * keeps the session, vouched for it again). Its access token expires with the provider's token at the latest;
 * no refresh token is handed out.
 */
export const openExternalSession = (input: {
  readonly projectId: string
  readonly userId: string
  readonly key: string
  readonly providerTokenExpiresAt: number
}): Effect.Effect<{ readonly accessToken: string; readonly sessionId: string }, DbError, Db | AccessTokens> =>
  Effect.gen(function* () {
    const tokens = yield* AccessTokens
    const now = yield* Clock.currentTimeMillis
    const expiresAt = new Date(now + SESSION_LIFETIME_MILLIS)
    const fresh = yield* randomId
    const opened = yield* insertExternalSession({
      id: fresh,
      projectId: input.projectId,
      userId: input.userId,
      // Never handed out: the provider's token is what renews this session.
      token: yield* randomSecret(32),
      createdAt: new Date(now),
      expiresAt,
      externalSession: input.key
    })
    let sessionId = fresh
    if (!opened) {
      // The provider session has its session already (an earlier exchange, or one running beside this one).
      const existing = yield* findExternalSession(input.projectId, input.key)
      if (existing === undefined)
        return yield* Effect.die(new Error("openExternalSession: the session of a known key vanished"))
      sessionId = existing.id
      yield* reviveRefreshToken(input.projectId, sessionId, new Date(now), expiresAt)
    }
    yield* updateUserColumns(input.projectId, input.userId, { lastActiveAt: new Date(now) })
    const user = yield* findUserView(input.projectId, input.userId)
    if (user === undefined) return yield* Effect.die(new Error(`openExternalSession: user ${input.userId} not found`))
    const accessToken = yield* tokens.mint({
      projectId: input.projectId,
      user,
      refreshTokenId: sessionId,
      expiresNoLaterThan: input.providerTokenExpiresAt
    })
    return { accessToken, sessionId }
  })

/** A new access token for a live refresh token of the project. */
export const refreshSession = (
  projectId: string,
  refreshToken: string
): Effect.Effect<string, RefreshTokenNotFoundOrExpired | DbError, Db | AccessTokens> =>
  Effect.gen(function* () {
    const tokens = yield* AccessTokens
    const now = yield* Clock.currentTimeMillis
    const row = yield* findRefreshToken(projectId, refreshToken)
    const live =
      row !== undefined && row.revokedAt === null && (row.expiresAt === null || row.expiresAt.getTime() > now)
    if (!live) return yield* Effect.fail(new RefreshTokenNotFoundOrExpired({}))
    const user = yield* findUserView(projectId, row.userId)
    if (user === undefined) return yield* Effect.fail(new RefreshTokenNotFoundOrExpired({}))
    yield* touchRefreshToken(projectId, row.id, new Date(now))
    yield* updateUserColumns(projectId, row.userId, { lastActiveAt: new Date(now) })
    return yield* tokens.mint({ projectId, user, refreshTokenId: row.id })
  })

/**
 * Ends the session of the request's access token (`refreshTokenId`, the session it was minted for); one already
 * ended is refused as the hosted service does (clients read that as "already signed out"). A refresh token sent
 * beside it does not matter.
 */
export const endCurrentSession = (
  projectId: string,
  refreshTokenId: string | undefined
): DbEffect<void, RefreshTokenNotFoundOrExpired | AccessTokenExpired> =>
  Effect.gen(function* () {
    const at = new Date(yield* Clock.currentTimeMillis)
    // As the service: the session is the access token's; a request without one is told its (absent) access token
    // expired, whatever refresh token it sends.
    if (refreshTokenId === undefined) {
      return yield* Effect.fail(new AccessTokenExpired({ details: { expired_at_millis: at.getTime() } }))
    }
    const revoked = yield* revokeRefreshToken(projectId, refreshTokenId, at)
    if (!revoked) return yield* Effect.fail(new RefreshTokenNotFoundOrExpired({}))
  })

/** A user's sessions that have not expired. */
export const liveSessions = (projectId: string, userId: string): DbEffect<ReadonlyArray<RefreshTokenRow>> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const rows = yield* listRefreshTokens(projectId, userId)
    return rows.filter((row) => row.expiresAt === null || row.expiresAt.getTime() > now)
  })

/**
 * Ends one of a user's sessions, not `currentId` (the request's own). Someone else's session is as absent
 * as one that never existed: no hint that the id is real.
 */
export const endSession = (
  projectId: string,
  userId: string,
  sessionId: string,
  currentId: string | undefined
): DbEffect<void, Refused | CannotDeleteCurrentSession> =>
  Effect.gen(function* () {
    const row = yield* findRefreshTokenById(projectId, sessionId)
    if (row === undefined || row.revokedAt !== null || row.userId !== userId) {
      return yield* Effect.fail(new Refused({ reason: "not-found", message: "Session not found." }))
    }
    if (row.id === currentId) return yield* Effect.fail(new CannotDeleteCurrentSession({}))
    yield* revokeRefreshToken(projectId, row.id, new Date(yield* Clock.currentTimeMillis))
  })
