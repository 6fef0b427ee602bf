/**
 * The Markdown guide `GET /agent/auth.md` serves: agent sign-in explained to a program (an AI agent) that was
 * just pointed at it, each step a complete `curl` command with the project's values (agent-discovery.ts)
 * filled in. It names only the headers the discovery document lists, so a project that does not check a
 * publishable key never asks for one.
 */
import type { AgentDiscovery } from "@stackfx/lib/domain/agent-discovery.js"

const curlHeaders = (headers: Readonly<Record<string, string>>): string =>
  Object.entries(headers)
    .map(([name, value]) => `  -H '${name}: ${value}'`)
    .join(" \\\n")

const fence = "```"

/** The guide for one project's discovery document. */
export const renderAgentGuide = (discovery: AgentDiscovery): string => {
  const agent = discovery.hexclaveAgentAuth
  const headers = curlHeaders(agent.requiredHeaders)
  const withToken = `${headers} \\\n  -H 'x-hexclave-access-token: <access_token>'`
  const anonymousHeader = curlHeaders(agent.anonymousSessionHeader).trim()
  const minutes = Math.round(agent.defaultAttemptLifetimeMillis / 60_000)
  const days = Math.round(agent.agentSessionLifetimeMillis / 86_400_000)
  const usersMe = agent.sessionsEndpoint.replace(/\/auth\/sessions$/, "/users/me")
  const notEnabled = agent.enabled
    ? ""
    : `
> **Agent sign-in is not enabled for this project.** Until its owner installs the Agent Auth app, every
> step below answers \`AGENT_AUTH_NOT_ENABLED\`. Tell the person you work for and stop here.
`
  return `# Agent authentication for ${agent.projectDisplayName}

You can get a session of your own on this app without any secret key or browser: register, ask a person to
approve you, then poll until their approval arrives. The session you receive belongs to the person who
approved you, carries exactly their rights, and appears under your name in their list of sessions, where
they can end it at any time. Keep its tokens to yourself and send them only to the endpoints below.
${notEnabled}
The same information as JSON: \`${discovery.agentAuthMd.replace(/auth\.md$/, "discovery")}\`

## Step 1: register

${fence}bash
curl -X POST '${discovery.registrationEndpoint}' \\
${headers} \\
  -H 'content-type: application/json' \\
  -d '{
    "agent": { "name": "<your name>", "description": "<what you want to do>", "url": "<optional homepage>" },
    "user_hint": "<optional: who should approve, e.g. their e-mail address>",
    "app_url": "<optional: the app you work in, so the link opens there>"
  }'
${fence}

The answer holds \`claim_code\` (like \`K7PQ-3XWM\`), \`confirm_url\`, your secret \`poll_token\`,
\`expires_at_millis\`, and \`anonymous_session\` (\`user_id\`, \`access_token\`, \`refresh_token\`).

Until someone approves you, you may act as a new anonymous user with \`anonymous_session.access_token\` if you
add ${anonymousHeader} to those requests. What you make as that user stays with it and is not the person's.

## Step 2: ask a person to approve

Give the person \`confirm_url\` (or just the claim code, format ${agent.claimCodeFormat}), and tell them
who you are and what you mean to do. They sign in with their own account, see your name and description, and
approve or deny. The code is valid for ${minutes} minutes unless you asked for another lifetime.

## Step 3: poll

${fence}bash
curl -X POST '${agent.pollEndpoint}' \\
${headers} \\
  -H 'content-type: application/json' \\
  -d '{ "poll_token": "<poll_token>" }'
${fence}

Ask every few seconds. The answer's \`status\`:

- \`waiting\`: nobody decided yet; ask again.
- \`success\`: approved; \`session\` holds your tokens. You get them this one time only.
- \`denied\`: the person refused. Do not register again unless they ask you to.
- \`expired\`: nobody approved in time; register again if the person still wants you to.
- \`used\`: you already received the session; use the tokens you kept.

## Step 4: work as the person

${fence}bash
curl '${usersMe}' \\
${withToken}
${fence}

Access tokens are short-lived. When a request answers 401, get a new one:

${fence}bash
curl -X POST '${discovery.tokenEndpoint}' \\
${headers} \\
  -H 'x-hexclave-refresh-token: <refresh_token>'
${fence}

The session ends ${days} days after the approval, or sooner if the person ends it.

## Step 5: end your session when you are done

${fence}bash
curl -X DELETE '${discovery.revocationEndpoint}' \\
${withToken}
${fence}

Project id: \`${agent.projectId}\`. Every request sends the headers shown above; \`GET ${agent.sessionsEndpoint}\`
lists the person's sessions, each with its \`agent_name\`.
`
}
