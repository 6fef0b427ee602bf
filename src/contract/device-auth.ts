/**
 * The dashboard's overviews of device authorization (admins only; the service hides them from its docs):
 * recent CLI sign-ins or agent registrations with their sessions, and the older agent-only overview.
 */
import { AgentAuthOverview, DeviceAuthOverview, DeviceAuthOverviewQuery } from "../domain/device-auth-overview.js"
import { ADMIN, ADMIN_TOKEN_ERRORS } from "./access.js"
import { endpoint } from "./declaration.js"

const admin = [...ADMIN_TOKEN_ERRORS, "InsufficientAccessType"] as const

export const DeviceAuthApi = {
  overview: endpoint({
    name: "deviceAuth.overview",
    summary: "Recent CLI sign-ins or agent registrations (`kind`) and the sessions they handed out, without secrets",
    method: "GET",
    path: "/internal/device-auth",
    access: ADMIN,
    query: DeviceAuthOverviewQuery,
    success: DeviceAuthOverview,
    errors: admin
  }),
  agentOverview: endpoint({
    name: "deviceAuth.agentOverview",
    summary: "Recent agent registrations and agent sessions, in the service's first agent overview's words",
    method: "GET",
    path: "/internal/agent-auth",
    access: ADMIN,
    success: AgentAuthOverview,
    errors: admin
  })
}
