/**
 * Agent sign-in: `GET /agent/discovery`, `GET /agent/auth.md`, `POST /agent/register`, `POST /agent/register/poll`
 * and `POST /agent/register/confirm`, as the service serves them (contract/agent-auth.ts). Discovery and the guide
 * answer a request carrying only the project id; registering and polling need no signed-in caller; confirming
 * needs the person who approves.
 */
import * as Effect from "effect/Effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { AgentAuthApi } from "@stackfx/lib/contract/agent-auth.js"
import { STACK_HEADERS } from "@stackfx/lib/domain/api.js"
import { LocalBackendConfig, RequestBaseUrl } from "../../config.js"
import { type Auth, header } from "../../http/auth.js"
import { userRequiredBySchema } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import { confirmAgent, pollAgent, registerAgent } from "../../operations/device-auth/agent-auth.js"
import { agentDiscovery, discoveryProject } from "../../operations/device-auth/agent-discovery.js"
import { renderAgentGuide } from "../../operations/device-auth/agent-guide.js"

type Headers = Readonly<Record<string, string | undefined>>

/** The discovery document for the request: its project, the URL it reached, the key it sent. */
const discoveryFor = (auth: Auth | undefined, headers: Headers) =>
  Effect.gen(function* () {
    const project = yield* discoveryProject(auth?.project, header(headers, STACK_HEADERS.projectId))
    const apiUrl = (yield* RequestBaseUrl) ?? (yield* LocalBackendConfig).baseUrl
    return yield* agentDiscovery(project, apiUrl, header(headers, STACK_HEADERS.publishableClientKey))
  })

export const routes = [
  serve(AgentAuthApi.discovery, ({ auth, request }) => discoveryFor(auth, request.headers)),
  serve(AgentAuthApi.guide, ({ auth, request }) =>
    Effect.map(discoveryFor(auth, request.headers), (discovery) =>
      HttpServerResponse.text(renderAgentGuide(discovery), { contentType: "text/markdown; charset=utf-8" })
    )
  ),
  serve(AgentAuthApi.register, ({ auth, body }) => registerAgent(auth.project, body)),
  // The status (201 for the one success) is the declaration's.
  serve(AgentAuthApi.poll, ({ auth, body }) => pollAgent(auth.project, body.pollToken)),
  serve(AgentAuthApi.confirm, ({ auth, body, request }) =>
    Effect.gen(function* () {
      // The service's request schema requires a signed-in user: without one, its schema refusal comes first.
      const user = yield* userRequiredBySchema(auth.user, request)
      return yield* confirmAgent({ project: auth.project, user, claimCode: body.claimCode, action: body.action })
    })
  )
]
