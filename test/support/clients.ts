/**
 * The client core (config, token store, session, transport) aimed at a test file's local backend, one per
 * tier, so a test's support file only lists the services it puts on top; and the refresh grant sent by hand.
 *
 * @example
 * const layer = Layer.mergeAll(Auth.layer, CurrentUser.layer).pipe(Layer.provideMerge(clientCore(backend, project, user)))
 */
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { type CoreServices, layerCore } from "../../src/layers/core.js"
import { serverTier } from "../../src/layers/server.js"
import { noTokens, type StoredTokens, TokenStore } from "../../src/services/session/token-store.js"
import type { LocalBackendHandle, TestProject } from "./local-backend.js"

/** A signed-in user's tokens (a `TestUser` or a created session will do; either token may be null). */
export type Tokens = StoredTokens

// Only the two tokens: a TestUser passed in carries its email and password too.
const tokenStore = (tokens: Tokens | undefined) =>
  TokenStore.memory(
    tokens === undefined ? noTokens : { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }
  )

/** Client access with the publishable key, signed in with `tokens` (a visitor without). */
export const clientCore = (
  backend: LocalBackendHandle,
  project: TestProject,
  tokens?: Tokens
): Layer.Layer<CoreServices> =>
  layerCore(
    {
      projectId: project.id,
      accessType: "client",
      publishableClientKey: project.publishableClientKey,
      baseUrl: backend.localBackend().url
    },
    tokenStore(tokens)
  )

/** Server access with the secret server key, optionally signed in (for `"me"`). */
export const serverCore = (
  backend: LocalBackendHandle,
  project: TestProject,
  tokens?: Tokens
): Layer.Layer<CoreServices> =>
  layerCore(
    {
      projectId: project.id,
      accessType: "server",
      publishableClientKey: project.publishableClientKey,
      secretServerKey: project.secretServerKey,
      baseUrl: backend.localBackend().url
    },
    tokenStore(tokens)
  )

/** The public server tier (`serverTier`) on the backend, with a memory token store holding `tokens`, if any. */
export const serverTierOn = (backend: LocalBackendHandle, project: TestProject, tokens?: Tokens) =>
  serverTier({
    projectId: project.id,
    secretServerKey: project.secretServerKey,
    publishableClientKey: project.publishableClientKey,
    baseUrl: backend.localBackend().url,
    tokenStore: tokens === undefined ? "memory" : tokenStore(tokens)
  })

/** Admin access with the project's super-secret admin key (and its other keys). */
export const adminCore = (backend: LocalBackendHandle, project: TestProject): Layer.Layer<CoreServices> =>
  layerCore({
    projectId: project.id,
    accessType: "admin",
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey,
    superSecretAdminKey: project.superSecretAdminKey,
    baseUrl: backend.localBackend().url
  })

/** Admin access through an internal user's access token instead of the admin key. */
export const adminTokenCore = (
  backend: LocalBackendHandle,
  projectId: string,
  adminAccessToken: string
): Layer.Layer<CoreServices> =>
  layerCore({ projectId, accessType: "admin", adminAccessToken, baseUrl: backend.localBackend().url })

/** The refresh grant of docs/wire.md sent by hand: 200 while the session lives, the known-error header when not. */
export const refreshWith = (backend: LocalBackendHandle, project: TestProject, refreshToken: string) =>
  Effect.promise(async () => {
    const response = await fetch(`${backend.localBackend().apiUrl}/auth/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: project.id,
        client_secret: project.publishableClientKey
      }).toString()
    })
    return {
      status: response.status,
      knownError: response.headers.get("x-stack-known-error"),
      text: await response.text()
    }
  })
