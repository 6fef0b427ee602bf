/**
 * Sign-in for command-line programs, as the hosted service runs it: `start` makes an attempt with two
 * codes, `poll` reports it (handing the refresh token out once), `complete` gives it a browser session's
 * refresh token, or, for an attempt that carries the program's anonymous session, reports and claims that.
 * Refusals the hosted service answers with plain 400s carry its texts.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { CliAuthStatus } from "@stackfx/lib/domain/cli-auth.js"
import { CLI_AUTH_DEFAULT_EXPIRES_IN_MILLIS } from "@stackfx/lib/domain/cli-auth.js"
import { InvalidPollingCode } from "@stackfx/lib/errors/known/misc.js"
import { AccessTokens } from "../../crypto/access-tokens.js"
import { randomId, randomSecret } from "../../crypto/secrets.js"
import { Refused } from "../../errors/refused.js"
import {
  type CliAuthAttemptRow,
  completeCliAuth,
  findCliAuthByLoginCode,
  findCliAuthByPollingCode,
  insertCliAuthAttempt,
  takeCliAuthAnonToken,
  takeCliAuthToken
} from "../../store/auth/cli-auth.js"
import { Db, type DbEffect, type DbError } from "../../store/db.js"
import { findRefreshToken, type RefreshTokenRow } from "../../store/auth/refresh-tokens.js"
import { findUserView } from "../../store/users/users.js"
import { refreshSession } from "./sessions.js"

const badRequest = (message: string) => new Refused({ reason: "invalid", message })
const invalidLoginCode = badRequest("Invalid login code or the code has expired")

/** A live session of the project for this refresh token (not revoked, not expired), else undefined. */
const liveSession = (projectId: string, refreshToken: string, now: number) =>
  Effect.gen(function* () {
    const row = yield* findRefreshToken(projectId, refreshToken)
    if (row === undefined || row.revokedAt !== null) return undefined
    if (row.expiresAt !== null && row.expiresAt.getTime() <= now) return undefined
    return row
  })

/** The session of an anonymous user, or undefined (the token is gone, or its user is no longer anonymous). */
const anonymousSession = (projectId: string, refreshToken: string | null, now: number) =>
  Effect.gen(function* () {
    if (refreshToken === null) return undefined
    const row: RefreshTokenRow | undefined = yield* liveSession(projectId, refreshToken, now)
    if (row === undefined) return undefined
    const user = yield* findUserView(projectId, row.userId)
    return user?.isAnonymous === true ? row : undefined
  })

export interface StartedCliAuth {
  readonly pollingCode: string
  readonly loginCode: string
  readonly expiresAt: Date
}

export const startCliAuth = (input: {
  readonly projectId: string
  readonly expiresInMillis?: number | undefined
  readonly anonRefreshToken?: string | undefined
}): DbEffect<StartedCliAuth, Refused> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    if (input.anonRefreshToken !== undefined && input.anonRefreshToken !== "") {
      // The hosted checks, in its order; a token of another project is simply unknown here.
      const row = yield* findRefreshToken(input.projectId, input.anonRefreshToken)
      if (row === undefined || row.revokedAt !== null)
        return yield* Effect.fail(badRequest("Invalid anon refresh token"))
      if (row.expiresAt !== null && row.expiresAt.getTime() < now) {
        return yield* Effect.fail(badRequest("The provided anon refresh token has expired"))
      }
      const user = yield* findUserView(input.projectId, row.userId)
      if (user === undefined) return yield* Effect.fail(badRequest("User not found for provided refresh token"))
      if (!user.isAnonymous) {
        return yield* Effect.fail(badRequest("The provided refresh token does not belong to an anonymous user"))
      }
    }
    const pollingCode = yield* randomSecret(32)
    const loginCode = yield* randomSecret(32)
    const expiresAt = new Date(now + (input.expiresInMillis ?? CLI_AUTH_DEFAULT_EXPIRES_IN_MILLIS))
    yield* insertCliAuthAttempt({
      projectId: input.projectId,
      id: yield* randomId,
      pollingCode,
      loginCode,
      anonRefreshToken:
        input.anonRefreshToken === undefined || input.anonRefreshToken === "" ? null : input.anonRefreshToken,
      createdAt: new Date(now),
      expiresAt
    })
    return { pollingCode, loginCode, expiresAt }
  })

/** Where the attempt stands; `success` (once) with the refresh token. Checked in the hosted order. */
export const pollCliAuth = (
  projectId: string,
  pollingCode: string
): DbEffect<{ readonly status: CliAuthStatus; readonly refreshToken?: string }, InvalidPollingCode> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const attempt = yield* findCliAuthByPollingCode(projectId, pollingCode)
    if (attempt === undefined) return yield* Effect.fail(new InvalidPollingCode({}))
    if (attempt.expiresAt.getTime() < now) return { status: "expired" as const }
    if (attempt.usedAt !== null) return { status: "used" as const }
    if (attempt.refreshToken === null) return { status: "waiting" as const }
    const refreshToken = yield* takeCliAuthToken(projectId, attempt.id, new Date(now))
    // A concurrent poll took it between the read and the update.
    return refreshToken === undefined ? { status: "used" as const } : { status: "success" as const, refreshToken }
  })

/** The attempt of a login code, while it can still be completed. */
const pendingAttempt = (projectId: string, loginCode: string, now: number) =>
  Effect.gen(function* () {
    const attempt: CliAuthAttemptRow | undefined = yield* findCliAuthByLoginCode(projectId, loginCode)
    if (attempt === undefined || attempt.completed || attempt.expiresAt.getTime() < now) {
      return yield* Effect.fail(invalidLoginCode)
    }
    return attempt
  })

export type CliAuthCompletion =
  | { readonly _tag: "Checked"; readonly cliSessionState: "anonymous" | "none" }
  | { readonly _tag: "Claimed"; readonly accessToken: string; readonly refreshToken: string }
  | { readonly _tag: "Completed" }

export const completeCliAuthAttempt = (input: {
  readonly projectId: string
  readonly loginCode: string
  readonly mode: "check" | "claim-anon-session" | "complete"
  readonly refreshToken?: string | undefined
}): Effect.Effect<CliAuthCompletion, Refused | DbError, Db | AccessTokens> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const attempt = yield* pendingAttempt(input.projectId, input.loginCode, now)
    if (input.mode === "check") {
      const anonymous = yield* anonymousSession(input.projectId, attempt.anonRefreshToken, now)
      return { _tag: "Checked", cliSessionState: anonymous === undefined ? "none" : "anonymous" }
    }
    if (input.mode === "claim-anon-session") {
      const noAnonymous = badRequest("No anonymous session associated with this code")
      const anonymous = yield* anonymousSession(input.projectId, attempt.anonRefreshToken, now)
      if (anonymous === undefined || attempt.anonRefreshToken === null) return yield* Effect.fail(noAnonymous)
      // One claim only: the token is cleared from the attempt as it is handed out.
      const taken = yield* takeCliAuthAnonToken(input.projectId, attempt.id, attempt.anonRefreshToken, new Date(now))
      if (!taken) return yield* Effect.fail(noAnonymous)
      const accessToken = yield* refreshSession(input.projectId, attempt.anonRefreshToken).pipe(
        Effect.catchTag("RefreshTokenNotFoundOrExpired", () =>
          Effect.fail(badRequest("Anonymous session is no longer valid"))
        )
      )
      return { _tag: "Claimed", accessToken, refreshToken: attempt.anonRefreshToken }
    }
    if (input.refreshToken === undefined || input.refreshToken === "") {
      return yield* Effect.fail(badRequest("refresh_token is required when mode is 'complete'"))
    }
    // A token of another project is unknown here (the hosted service says it belongs elsewhere).
    const session = yield* liveSession(input.projectId, input.refreshToken, now)
    if (session === undefined) return yield* Effect.fail(badRequest("Invalid refresh token"))
    // The program's anonymous user, if any, is left alone: the hosted service no longer merges it.
    const won = yield* completeCliAuth(
      input.projectId,
      attempt.id,
      { refreshToken: input.refreshToken, id: session.id },
      new Date(now)
    )
    if (!won) return yield* Effect.fail(invalidLoginCode)
    return { _tag: "Completed" }
  })
