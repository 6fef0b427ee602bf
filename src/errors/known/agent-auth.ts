/**
 * The known errors of agent sign-in (`/agent/register`, `/agent/register/poll`, `/agent/register/confirm`).
 * The messages are the service's (hexclave/hexclave `packages/shared/src/known-errors.tsx` at eff08a9e).
 */
import { knownError } from "./factory.js"

/**
 * The `AGENT_AUTH_NOT_ENABLED` known error (400): the project has not installed the Agent Auth app
 * (`apps.installed.agent-auth.enabled`).
 */
export class AgentAuthNotEnabled extends knownError<AgentAuthNotEnabled>()(
  "AGENT_AUTH_NOT_ENABLED",
  400,
  "Agent authentication is not enabled for this project. Install the Agent Auth app in the Hexclave dashboard to enable it."
) {}

/**
 * The `AGENT_AUTH_INVALID_CLAIM_CODE` known error (400): no registration of the project waits for this claim
 * code (unknown, expired, or already approved or denied).
 */
export class AgentAuthInvalidClaimCode extends knownError<AgentAuthInvalidClaimCode>()(
  "AGENT_AUTH_INVALID_CLAIM_CODE",
  400,
  "The claim code is invalid, has expired, or has already been used."
) {}
