/**
 * The dashboard's read-only overviews of device authorization (admin only, hidden from the service's docs):
 * `GET /internal/device-auth?kind=cli|agent` over the attempts both flows share, and the older
 * `GET /internal/agent-auth` the service's agent page first read. Both cover a bounded recent window (the
 * service's: the last 50 attempts, 200 sessions) and never carry a code or a token.
 */
import * as Schema from "effect/Schema"
import { DeviceAuthStatus } from "./agent-auth.js"
import { wireStruct } from "./wire.js"

/** How many recent attempts and sessions an overview covers. @internal */
export const DEVICE_AUTH_ATTEMPT_WINDOW = 50
/** @internal */
export const DEVICE_AUTH_SESSION_WINDOW = 200

/** The query of `GET /internal/device-auth`. */
export const DeviceAuthOverviewQuery = Schema.Struct({ kind: Schema.Literals(["cli", "agent"]) })
export type DeviceAuthOverviewQuery = typeof DeviceAuthOverviewQuery.Type

/** A session one of the flows handed out, with its user as the dashboard shows them. */
export const DeviceAuthSession = wireStruct({
  sessionId: Schema.String,
  agentName: Schema.NullOr(Schema.String),
  userId: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  primaryEmail: Schema.NullOr(Schema.String),
  isAnonymous: Schema.Boolean,
  createdAt: Schema.String,
  lastActiveAt: Schema.String,
  expiresAt: Schema.NullOr(Schema.String),
  isExpired: Schema.Boolean
})
export type DeviceAuthSession = typeof DeviceAuthSession.Type

/** The answer of `GET /internal/device-auth`. */
export const DeviceAuthOverview = wireStruct({
  summary: wireStruct({
    attemptsInWindow: Schema.Finite,
    waitingAttemptsInWindow: Schema.Finite,
    successAttemptsInWindow: Schema.Finite,
    deniedAttemptsInWindow: Schema.Finite,
    expiredAttemptsInWindow: Schema.Finite,
    usedAttemptsInWindow: Schema.Finite,
    activeSessionsInWindow: Schema.Finite,
    attemptWindowLimit: Schema.Finite,
    sessionWindowLimit: Schema.Finite
  }),
  recentAttempts: Schema.Array(
    wireStruct({
      id: Schema.String,
      status: DeviceAuthStatus,
      createdAt: Schema.String,
      expiresAt: Schema.String,
      usedAt: Schema.NullOr(Schema.String),
      agent: Schema.NullOr(
        wireStruct({
          name: Schema.String,
          description: Schema.NullOr(Schema.String),
          url: Schema.NullOr(Schema.String),
          userHint: Schema.NullOr(Schema.String)
        })
      )
    })
  ),
  sessions: Schema.Array(DeviceAuthSession)
})
export type DeviceAuthOverview = typeof DeviceAuthOverview.Type

/** An agent registration's status in the older overview's words. */
export const AgentAttemptStatus = Schema.Literals(["pending", "approved", "denied", "expired", "used"])
export type AgentAttemptStatus = typeof AgentAttemptStatus.Type

/** The answer of `GET /internal/agent-auth` (agent registrations only, in the older overview's words). */
export const AgentAuthOverview = wireStruct({
  summary: wireStruct({
    attemptsInWindow: Schema.Finite,
    pendingAttemptsInWindow: Schema.Finite,
    usedAttemptsInWindow: Schema.Finite,
    deniedAttemptsInWindow: Schema.Finite,
    expiredAttemptsInWindow: Schema.Finite,
    activeAgentSessionsInWindow: Schema.Finite,
    attemptWindowLimit: Schema.Finite,
    agentSessionWindowLimit: Schema.Finite
  }),
  recentAttempts: Schema.Array(
    wireStruct({
      id: Schema.String,
      agentName: Schema.String,
      agentDescription: Schema.NullOr(Schema.String),
      agentUrl: Schema.NullOr(Schema.String),
      userHint: Schema.NullOr(Schema.String),
      status: AgentAttemptStatus,
      approvedByUserId: Schema.NullOr(Schema.String),
      createdAt: Schema.String,
      expiresAt: Schema.String
    })
  ),
  agentSessions: Schema.Array(DeviceAuthSession)
})
export type AgentAuthOverview = typeof AgentAuthOverview.Type
