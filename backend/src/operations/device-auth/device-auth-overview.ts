/**
 * The dashboard's overviews of device authorization, over a bounded recent window as the service reads them
 * (`/internal/device-auth` and the older `/internal/agent-auth`): counts by status, the latest attempts, and the
 * live sessions they handed out. No code or token leaves here: only ids, times, descriptions and users.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { DeviceAuthStatus } from "@stackfx/lib/domain/agent-auth.js"
import {
  type AgentAttemptStatus,
  type AgentAuthOverview,
  DEVICE_AUTH_ATTEMPT_WINDOW,
  DEVICE_AUTH_SESSION_WINDOW,
  type DeviceAuthOverview,
  type DeviceAuthSession
} from "@stackfx/lib/domain/device-auth-overview.js"
import { deviceAuthStatus } from "@stackfx/lib/domain/rules/device-auth.js"
import { agentSessions, cliSessions, type HandedOutSessionRow } from "../../store/auth/device-auth-sessions.js"
import { recentAttempts } from "../../store/auth/device-auth.js"
import type { DbEffect } from "../../store/db.js"

const sessionOf =
  (now: number) =>
  (row: HandedOutSessionRow): DeviceAuthSession => ({
    sessionId: row.id,
    agentName: row.agentName,
    userId: row.userId,
    displayName: row.displayName,
    primaryEmail: row.primaryEmail,
    isAnonymous: row.isAnonymous,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isExpired: row.expiresAt !== null && row.expiresAt.getTime() < now
  })

const countOf = <S extends string>(statuses: ReadonlyArray<S>, status: S) => statuses.filter((s) => s === status).length

/** `GET /internal/device-auth?kind=`: CLI sign-ins or agent registrations. */
export const deviceAuthOverview = (projectId: string, kind: "cli" | "agent"): DbEffect<DeviceAuthOverview> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const attempts = yield* recentAttempts(projectId, kind, DEVICE_AUTH_ATTEMPT_WINDOW)
    const statuses: ReadonlyArray<DeviceAuthStatus> = attempts.map((a) => deviceAuthStatus(a, now))
    const rows =
      kind === "agent"
        ? yield* agentSessions(projectId, DEVICE_AUTH_SESSION_WINDOW)
        : yield* cliSessions(projectId, DEVICE_AUTH_SESSION_WINDOW, DEVICE_AUTH_SESSION_WINDOW)
    const sessions = rows.map(sessionOf(now))
    return {
      summary: {
        attemptsInWindow: attempts.length,
        waitingAttemptsInWindow: countOf(statuses, "waiting"),
        successAttemptsInWindow: countOf(statuses, "success"),
        deniedAttemptsInWindow: countOf(statuses, "denied"),
        expiredAttemptsInWindow: countOf(statuses, "expired"),
        usedAttemptsInWindow: countOf(statuses, "used"),
        activeSessionsInWindow: sessions.filter((s) => !s.isExpired).length,
        attemptWindowLimit: DEVICE_AUTH_ATTEMPT_WINDOW,
        sessionWindowLimit: DEVICE_AUTH_SESSION_WINDOW
      },
      recentAttempts: attempts.map((attempt, i) => ({
        id: attempt.id,
        status: statuses[i] ?? "expired",
        createdAt: attempt.createdAt.toISOString(),
        expiresAt: attempt.expiresAt.toISOString(),
        usedAt: attempt.usedAt?.toISOString() ?? null,
        agent:
          attempt.agentName === null
            ? null
            : {
                name: attempt.agentName,
                description: attempt.agentDescription,
                url: attempt.agentUrl,
                userHint: attempt.userHint
              }
      })),
      sessions
    }
  })

/** The older overview's words for a status: a confirmed registration is `approved`, a waiting one `pending`. */
const olderStatus = (status: DeviceAuthStatus): AgentAttemptStatus =>
  status === "waiting" ? "pending" : status === "success" ? "approved" : status

/** `GET /internal/agent-auth`: agent registrations and agent sessions only. */
export const agentAuthOverview = (projectId: string): DbEffect<AgentAuthOverview> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const attempts = yield* recentAttempts(projectId, "agent", DEVICE_AUTH_ATTEMPT_WINDOW)
    const statuses = attempts.map((a) => olderStatus(deviceAuthStatus(a, now)))
    const sessions = (yield* agentSessions(projectId, DEVICE_AUTH_SESSION_WINDOW)).map(sessionOf(now))
    return {
      summary: {
        attemptsInWindow: attempts.length,
        pendingAttemptsInWindow: countOf(statuses, "pending"),
        usedAttemptsInWindow: countOf(statuses, "used"),
        deniedAttemptsInWindow: countOf(statuses, "denied"),
        expiredAttemptsInWindow: countOf(statuses, "expired"),
        activeAgentSessionsInWindow: sessions.filter((s) => !s.isExpired).length,
        attemptWindowLimit: DEVICE_AUTH_ATTEMPT_WINDOW,
        agentSessionWindowLimit: DEVICE_AUTH_SESSION_WINDOW
      },
      recentAttempts: attempts.map((attempt, i) => ({
        id: attempt.id,
        agentName: attempt.agentName ?? "",
        agentDescription: attempt.agentDescription,
        agentUrl: attempt.agentUrl,
        userHint: attempt.userHint,
        status: statuses[i] ?? "expired",
        approvedByUserId: attempt.approvedByUserId,
        createdAt: attempt.createdAt.toISOString(),
        expiresAt: attempt.expiresAt.toISOString()
      })),
      agentSessions: sessions
    }
  })
