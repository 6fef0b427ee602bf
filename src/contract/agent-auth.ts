/**
 * Agent sign-in (`/agent/...`), every access type, as the service serves it since May 2026 (domain/agent-auth.ts
 * tells the flow). Discovery and the guide need only the project id (an agent arrives knowing nothing else);
 * registering and polling need no signed-in caller; confirming needs the signed-in person who approves.
 */
import {
  AgentConfirmAnswer,
  AgentConfirmRequest,
  AgentPollAnswer,
  AgentPollRequest,
  AgentRegisterRequest,
  AgentRegistration
} from "../domain/agent-auth.js"
import { AgentDiscovery } from "../domain/agent-discovery.js"
import { ALL } from "./access.js"
import { accountKeys } from "./data-keys.js"
import { endpoint } from "./declaration.js"

const isApproval = (body: unknown): boolean =>
  typeof body === "object" && body !== null && "action" in body && body.action === "approve"

export const AgentAuthApi = {
  discovery: endpoint({
    name: "agentAuth.discovery",
    summary: "The project's agent sign-in endpoints and settings (machine-readable); the project id header is enough",
    method: "GET",
    path: "/agent/discovery",
    access: "optional",
    success: AgentDiscovery,
    // Without project headers the project is named by `x-hexclave-project-id` alone; an unknown one is refused.
    errors: ["CurrentProjectNotFound"]
  }),
  guide: endpoint({
    name: "agentAuth.guide",
    summary: "A Markdown guide for an AI agent: every step of agent sign-in as a command with this project's values",
    method: "GET",
    path: "/agent/auth.md",
    access: "optional",
    success: { raw: "text" },
    errors: ["CurrentProjectNotFound"]
  }),
  register: endpoint({
    name: "agentAuth.register",
    summary: "An agent registers: a claim code and confirm URL for a person, a poll token, an anonymous session",
    method: "POST",
    path: "/agent/register",
    access: ALL,
    body: AgentRegisterRequest,
    success: AgentRegistration,
    errors: ["AgentAuthNotEnabled", "RedirectUrlNotWhitelisted"]
  }),
  poll: endpoint({
    name: "agentAuth.poll",
    summary: "Where a registration stands; `success` (201, once) hands over the agent's session",
    method: "POST",
    path: "/agent/register/poll",
    access: ALL,
    body: AgentPollRequest,
    success: AgentPollAnswer,
    status: (answer: AgentPollAnswer) => (answer.status === "success" ? 201 : 200),
    errors: ["AgentAuthNotEnabled", "InvalidPollingCode"]
  }),
  confirm: endpoint({
    name: "agentAuth.confirm",
    summary: "The signed-in person inspects, approves or denies a registration by its claim code",
    method: "POST",
    path: "/agent/register/confirm",
    access: ALL,
    body: AgentConfirmRequest,
    success: AgentConfirmAnswer,
    // The agent's own anonymous session cannot approve it.
    errors: ["AgentAuthNotEnabled", "AgentAuthInvalidClaimCode", "AnonymousAuthenticationNotAllowed"],
    // An approval opens a session on the person's account.
    changes: ({ body }) => (isApproval(body) ? [accountKeys.sessions] : [])
  })
}
