/**
 * Agent sign-in, as the service runs it (hexclave/hexclave `apps/backend/src/lib/agent-auth.ts`): `register`
 * gives the agent an anonymous user's session at once and stores a registration with a short claim code;
 * the signed-in person `confirm`s (inspects, then approves or denies) by that code; `poll` hands the approved
 * session over once. Approval opens a new session on the person's account, tagged with the agent's name, so
 * revoking the agent never signs the person out, and the anonymous session ends when the real one is picked
 * up (or the registration is denied). Every step refuses until the project installed the Agent Auth app.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import {
  AGENT_AUTH_DEFAULT_EXPIRES_IN_MILLIS,
  AGENT_SESSION_LIFETIME_MILLIS,
  type AgentConfirmAction,
  type AgentConfirmAnswer,
  type AgentPollAnswer,
  type AgentRegisterRequest,
  type AgentRegistration
} from "@stackfx/lib/domain/agent-auth.js"
import {
  claimCodeOf,
  deviceAuthStatus,
  deviceAuthStepAllowed,
  normalizeClaimCode
} from "@stackfx/lib/domain/rules/device-auth.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { AgentAuthInvalidClaimCode, AgentAuthNotEnabled } from "@stackfx/lib/errors/known/agent-auth.js"
import { InvalidPollingCode } from "@stackfx/lib/errors/known/misc.js"
import { AnonymousAuthenticationNotAllowed } from "@stackfx/lib/errors/known/session.js"
import type { RedirectUrlNotWhitelisted } from "@stackfx/lib/errors/known/sign-in.js"
import { AccessTokens } from "../../crypto/access-tokens.js"
import { randomBytesOf, randomId, randomSecret } from "../../crypto/secrets.js"
import {
  approveAttempt,
  consumeAttempt,
  denyAttempt,
  type DeviceAuthRow,
  findAgentAttemptByClaimCode,
  findAgentAttemptByPollToken,
  insertAgentAttempt,
  loginCodeTaken
} from "../../store/auth/device-auth.js"
import { findRefreshToken, revokeRefreshToken } from "../../store/auth/refresh-tokens.js"
import { Db, type DbEffect, type DbError } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { effectiveConfig } from "../config/project-config.js"
import { createUser } from "../users/create-user.js"
import { confirmHandlerUrl, confirmUrlOf } from "./agent-confirm-url.js"
import { createSession, refreshSession } from "../auth/sessions.js"

/** AGENT_AUTH_NOT_ENABLED unless the project installed the Agent Auth app (`apps.installed.agent-auth`). */
export const requireAgentAuth = (project: StoredProject): DbEffect<void, AgentAuthNotEnabled> =>
  Effect.flatMap(effectiveConfig(project), (config) =>
    config.apps.installed["agent-auth"].enabled ? Effect.void : Effect.fail(new AgentAuthNotEnabled({}))
  )

/** Ends the session behind a refresh token, if it is still live (the agent's anonymous one). */
const endSessionOf = (projectId: string, refreshToken: string | null, at: Date): DbEffect<void> =>
  Effect.gen(function* () {
    if (refreshToken === null) return
    const row = yield* findRefreshToken(projectId, refreshToken)
    if (row !== undefined) yield* revokeRefreshToken(projectId, row.id, at)
  })

/** A claim code no attempt of the project has had; codes are short, so a collision is retried a few times. */
const freshClaimCode = (projectId: string): DbEffect<string> =>
  Effect.gen(function* () {
    for (let tries = 1; ; tries++) {
      const code = claimCodeOf(yield* randomBytesOf(8))
      if (!(yield* loginCodeTaken(projectId, code)) || tries >= 5) return code
    }
  })

export const registerAgent = (
  project: StoredProject,
  body: AgentRegisterRequest
): Effect.Effect<AgentRegistration, AgentAuthNotEnabled | RedirectUrlNotWhitelisted | DbError, Db | AccessTokens> =>
  Effect.gen(function* () {
    yield* requireAgentAuth(project)
    // Checked before anything is written, so a refused app URL leaves nothing behind.
    const handlerUrl = yield* confirmHandlerUrl(project, body.appUrl)
    const now = yield* Clock.currentTimeMillis
    // One transaction: a registration that fails leaves no anonymous user or session nobody could find.
    return yield* Db.transaction(
      Effect.gen(function* () {
        const user = yield* createUser(project, { isAnonymous: true }).pipe(
          // A user with no e-mail, password, team or sign-up rules meets none of the user-write refusals.
          Effect.catchIf(
            (error) => error._tag !== "DbError",
            (error) => Effect.die(error)
          )
        )
        const anonymous = yield* createSession({ projectId: project.id, userId: user.id, agentName: body.agent.name })
        const claimCode = yield* freshClaimCode(project.id)
        const pollToken = yield* randomSecret(32)
        const expiresAt = now + (body.expiresInMillis ?? AGENT_AUTH_DEFAULT_EXPIRES_IN_MILLIS)
        yield* insertAgentAttempt({
          projectId: project.id,
          id: yield* randomId,
          pollToken,
          claimCode,
          anonRefreshToken: anonymous.refreshToken,
          createdAt: new Date(now),
          expiresAt: new Date(expiresAt),
          agentName: body.agent.name,
          agentDescription: body.agent.description ?? null,
          agentUrl: body.agent.url ?? null,
          userHint: body.userHint ?? null
        })
        return {
          claimCode,
          confirmUrl: confirmUrlOf(handlerUrl, claimCode),
          pollToken,
          expiresAtMillis: expiresAt,
          anonymousSession: {
            userId: user.id,
            accessToken: anonymous.accessToken,
            refreshToken: anonymous.refreshToken
          }
        }
      })
    )
  })

/**
 * Where the registration stands; `success` hands the approved session over, once. Everything that can fail
 * (minting the access token) happens before the attempt is spent, since a spent attempt cannot be retried.
 */
export const pollAgent = (
  project: StoredProject,
  pollToken: string
): Effect.Effect<AgentPollAnswer, AgentAuthNotEnabled | InvalidPollingCode | DbError, Db | AccessTokens> =>
  Effect.gen(function* () {
    yield* requireAgentAuth(project)
    const now = yield* Clock.currentTimeMillis
    const attempt = yield* findAgentAttemptByPollToken(project.id, pollToken)
    if (attempt === undefined) return yield* Effect.fail(new InvalidPollingCode({}))
    const status = deviceAuthStatus(attempt, now)
    if (!deviceAuthStepAllowed(status, "consume") || attempt.refreshToken === null) {
      return { status: status === "success" ? "used" : status }
    }
    const refreshToken = attempt.refreshToken
    const session = yield* findRefreshToken(project.id, refreshToken)
    const accessToken = yield* refreshSession(project.id, refreshToken).pipe(
      Effect.catchTag("RefreshTokenNotFoundOrExpired", () => Effect.succeed(undefined))
    )
    if (accessToken === undefined || session === undefined) {
      // The person revoked the agent's session (or was deleted) before its first poll: nothing is left to hand
      // over, so the attempt is spent and reads as expired; the agent registers again.
      yield* consumeAttempt(project.id, attempt.id, new Date(now))
      return { status: "expired" }
    }
    if (!(yield* consumeAttempt(project.id, attempt.id, new Date(now)))) return { status: "used" }
    // The agent now holds the person's session: the throwaway anonymous one ends here.
    yield* endSessionOf(project.id, attempt.anonRefreshToken, new Date(now))
    return { status: "success", session: { userId: session.userId, accessToken, refreshToken } }
  })

/** The registration of a claim code as typed, while it waits for a person. */
const waitingAttempt = (projectId: string, typed: string, now: number) =>
  Effect.gen(function* () {
    const claimCode = normalizeClaimCode(typed)
    const attempt: DeviceAuthRow | undefined =
      claimCode === undefined ? undefined : yield* findAgentAttemptByClaimCode(projectId, claimCode)
    // Only a registration still waiting for a person can be looked at and decided.
    if (
      attempt === undefined ||
      attempt.agentName === null ||
      !deviceAuthStepAllowed(deviceAuthStatus(attempt, now), "approve")
    ) {
      return yield* Effect.fail(new AgentAuthInvalidClaimCode({}))
    }
    return { ...attempt, agentName: attempt.agentName }
  })

/**
 * The person's side: `inspect` shows who asks, `approve` opens the agent's session on the person's account,
 * `deny` closes the registration and ends the agent's anonymous session. The approver is always the signed-in
 * user, never an anonymous one (the agent's own session cannot approve itself).
 */
export const confirmAgent = (input: {
  readonly project: StoredProject
  readonly user: ServerUser
  readonly claimCode: string
  readonly action: AgentConfirmAction
}): Effect.Effect<
  AgentConfirmAnswer,
  AgentAuthNotEnabled | AgentAuthInvalidClaimCode | AnonymousAuthenticationNotAllowed | DbError,
  Db | AccessTokens
> =>
  Effect.gen(function* () {
    const { project, user } = input
    yield* requireAgentAuth(project)
    if (user.isAnonymous) return yield* Effect.fail(new AnonymousAuthenticationNotAllowed({}))
    const now = yield* Clock.currentTimeMillis
    const attempt = yield* waitingAttempt(project.id, input.claimCode, now)
    const answer = (status: AgentConfirmAnswer["status"]): AgentConfirmAnswer => ({
      agent: { name: attempt.agentName, description: attempt.agentDescription, url: attempt.agentUrl },
      userHint: attempt.userHint,
      expiresAtMillis: attempt.expiresAt.getTime(),
      status
    })
    if (input.action === "inspect") return answer("waiting")
    if (input.action === "deny") {
      if (!(yield* denyAttempt(project.id, attempt.id, new Date(now))))
        return yield* Effect.fail(new AgentAuthInvalidClaimCode({}))
      yield* endSessionOf(project.id, attempt.anonRefreshToken, new Date(now))
      return answer("denied")
    }
    // One transaction: when another decision won the race, the session opened for the agent is rolled back
    // rather than left live on the person's account.
    yield* Db.transaction(
      Effect.gen(function* () {
        const session = yield* createSession({
          projectId: project.id,
          userId: user.id,
          expiresInMillis: AGENT_SESSION_LIFETIME_MILLIS,
          agentName: attempt.agentName
        })
        const won = yield* approveAttempt({
          projectId: project.id,
          id: attempt.id,
          refreshToken: session.refreshToken,
          sessionId: session.refreshTokenId,
          approvedByUserId: user.id,
          now: new Date(now)
        })
        if (!won) return yield* Effect.fail(new AgentAuthInvalidClaimCode({}))
      })
    )
    return answer("success")
  })
