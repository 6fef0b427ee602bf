/**
 * What an agent reads first: the discovery document (`GET /agent/discovery`) and the Markdown guide rendered
 * from it (`GET /agent/auth.md`, agent-guide.ts), so the two never disagree. An agent may arrive knowing only
 * the project id, so both are served to a request with nothing but `x-hexclave-project-id`.
 */
import * as Effect from "effect/Effect"
import { AGENT_AUTH_DEFAULT_EXPIRES_IN_MILLIS, AGENT_SESSION_LIFETIME_MILLIS } from "@stackfx/lib/domain/agent-auth.js"
import type { AgentDiscovery } from "@stackfx/lib/domain/agent-discovery.js"
import { CLAIM_CODE_FORMAT } from "@stackfx/lib/domain/rules/device-auth.js"
import { CurrentProjectNotFound } from "@stackfx/lib/errors/known/misc.js"
import { Refused } from "../../errors/refused.js"
import type { DbEffect, DbError } from "../../store/db.js"
import { Projects } from "../../store/projects/project-lookup.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { effectiveConfig } from "../config/project-config.js"

/**
 * The project a discovery request is about: the authenticated one, else the one its project id header names
 * (no header: a plain 400 telling the agent what to send; an unknown project: CURRENT_PROJECT_NOT_FOUND).
 */
export const discoveryProject = (
  authenticated: StoredProject | undefined,
  projectIdHeader: string | undefined
): Effect.Effect<StoredProject, Refused | CurrentProjectNotFound | DbError, Projects> =>
  Effect.gen(function* () {
    if (authenticated !== undefined) return authenticated
    if (projectIdHeader === undefined) {
      return yield* Effect.fail(
        new Refused({
          reason: "invalid",
          message: "Send the project ID in the x-hexclave-project-id header to read this project's agent auth guide."
        })
      )
    }
    const loaded = yield* (yield* Projects).find(projectIdHeader)
    if (loaded === undefined) {
      return yield* Effect.fail(new CurrentProjectNotFound({ details: { project_id: projectIdHeader } }))
    }
    return loaded.project
  })

/** The placeholder for a key the project requires and the agent did not send: it must ask the person. */
const KEY_PLACEHOLDER = "<publishable client key: ask the person who runs the app; it is in the app's settings>"

/** The discovery document of a project, served at `apiUrl`; `publishableClientKey` is the one the request sent. */
export const agentDiscovery = (
  project: StoredProject,
  apiUrl: string,
  publishableClientKey: string | undefined
): DbEffect<AgentDiscovery> =>
  Effect.map(effectiveConfig(project), (config) => {
    const api = `${apiUrl.replace(/\/+$/, "")}/api/v1`
    // A project that does not check the key (new projects) must not send agents hunting for one.
    const keyRequired = config.project.requirePublishableClientKey
    const keyHeader =
      publishableClientKey !== undefined || keyRequired
        ? { "x-hexclave-publishable-client-key": publishableClientKey ?? KEY_PLACEHOLDER }
        : {}
    return {
      issuer: apiUrl.replace(/\/+$/, ""),
      registrationEndpoint: `${api}/agent/register`,
      tokenEndpoint: `${api}/auth/sessions/current/refresh`,
      revocationEndpoint: `${api}/auth/sessions/current`,
      agentAuthMd: `${api}/agent/auth.md`,
      hexclaveAgentAuth: {
        enabled: config.apps.installed["agent-auth"].enabled,
        projectId: project.id,
        projectDisplayName: project.displayName,
        publishableClientKey: publishableClientKey ?? null,
        publishableClientKeyRequired: keyRequired,
        pollEndpoint: `${api}/agent/register/poll`,
        confirmEndpoint: `${api}/agent/register/confirm`,
        sessionsEndpoint: `${api}/auth/sessions`,
        anonymousSessionHeader: { "x-hexclave-allow-anonymous-user": "true" },
        claimCodeFormat: CLAIM_CODE_FORMAT,
        defaultAttemptLifetimeMillis: AGENT_AUTH_DEFAULT_EXPIRES_IN_MILLIS,
        agentSessionLifetimeMillis: AGENT_SESSION_LIFETIME_MILLIS,
        requiredHeaders: {
          "x-hexclave-access-type": "client",
          "x-hexclave-project-id": project.id,
          ...keyHeader
        }
      }
    }
  })
