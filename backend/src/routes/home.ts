/**
 * The backend's own pages at the root, for a person who opens the URL in a browser: `GET /`, a small
 * status page (what runs, the local-development project and its keys, links to the mailbox and the
 * API), and `GET /favicon.ico`. Nothing here is below `/api/v1`, so no API path changes.
 *
 * Only the seeded projects' keys are shown (`internal` and `demo`). They are fixed, public constants (the ready
 * banner prints them, clients ship them as defaults) that work only against a local backend. Projects
 * created through the API have real secrets, stored hashed and never shown again; their ids are not
 * listed either, since this page asks for no credentials and `--host 0.0.0.0` makes it reachable from
 * the network.
 */
import * as Effect from "effect/Effect"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { API_PATH_PREFIX } from "@stackfx/lib/domain/api.js"
import { DEMO_PROJECT_KEYS, LOCAL_DEVELOPMENT_KEYS } from "@stackfx/lib/domain/local-keys.js"
import { baseUrlFromHost, LocalBackendConfig } from "../config.js"
import { escapeHtml, htmlPage } from "../mail/html.js"
import { defaultMailboxPrefix } from "../mail/inbucket.js"
import { databaseKind } from "../operations/projects/backend-status.js"

/** A key-shaped badge: the backend's icon in browser tabs. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2251d1"/><circle cx="12" cy="16" r="6" fill="none" stroke="#fff" stroke-width="3"/><path d="M17 16h10M23 16v5M27 16v4" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>`

const row = (label: string, value: string) =>
  `<tr><th>${escapeHtml(label)}</th><td><code>${escapeHtml(value)}</code></td></tr>`

const projectTable = (
  title: string,
  keys: typeof LOCAL_DEVELOPMENT_KEYS | typeof DEMO_PROJECT_KEYS
) => `<h2>${escapeHtml(title)}</h2>
<table>
${row("Project id", keys.projectId)}
${row("Publishable client key", keys.publishableClientKey)}
${row("Secret server key", keys.secretServerKey)}
${row("Super secret admin key", keys.superSecretAdminKey)}
</table>`

/** The status page's markup. */
export const renderHome = (input: { readonly baseUrl: string; readonly database: string }): string => {
  const api = `${input.baseUrl}${API_PATH_PREFIX}`
  return htmlPage(
    "stackfx local backend",
    `<h1>stackfx local backend</h1>
<p>Status: <strong>running</strong>. Database: ${escapeHtml(input.database)}.</p>
${projectTable("Internal project (as the hosted service seeds it)", LOCAL_DEVELOPMENT_KEYS)}
${projectTable("Demo project (every feature on; the demo app and the examples use it)", DEMO_PROJECT_KEYS)}
<p class="muted">These keys work only against a local backend. Keys of projects created through the API are secrets and are not shown.</p>
<h2>Links</h2>
<ul>
<li><a href="${escapeHtml(defaultMailboxPrefix)}">Mailbox</a>: every email the backend sent (codes, magic links, invitations)</li>
<li><a href="${escapeHtml(API_PATH_PREFIX)}">API</a>: <code>${escapeHtml(api)}</code> (point a client's <code>baseUrl</code> at <code>${escapeHtml(input.baseUrl)}</code>); <a href="${escapeHtml(`${API_PATH_PREFIX}/health`)}">health</a>, <a href="${escapeHtml(`${API_PATH_PREFIX}/projects/${LOCAL_DEVELOPMENT_KEYS.projectId}/.well-known/jwks.json`)}">signing keys (JWKS)</a></li>
</ul>`
  )
}

const favicon = HttpServerResponse.text(FAVICON_SVG, {
  contentType: "image/svg+xml",
  headers: { "cache-control": "public, max-age=86400" }
})

/** `GET /` and `GET /favicon.ico`, reading the config and the database kind once at construction. */
export const homeRoutes = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const config = yield* LocalBackendConfig
    const database = yield* databaseKind
    const home = Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
      const baseUrl = baseUrlFromHost(request.headers["host"], request.headers["x-forwarded-proto"]) ?? config.baseUrl
      return HttpServerResponse.html(renderHome({ baseUrl, database }))
    })
    yield* router.add("GET", "/", home)
    yield* router.add("GET", "/favicon.ico", Effect.succeed(favicon))
  })
)
