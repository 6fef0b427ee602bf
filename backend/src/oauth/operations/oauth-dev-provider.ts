/**
 * The development provider wired into the local backend: one instance per server (its codes live in memory), whose
 * pages live at `/dev-oauth/{provider}/authorize` and which only ever sends the browser back to this server's
 * OAuth callback. The callback URL is built from the address the browser used, when that is this server
 * under another loopback name (`localhost` instead of `127.0.0.1`), so the flow's cookie stays on one origin.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { API_PATH_PREFIX } from "@stackfx/lib/domain/api.js"
import { isLocalhostHostname } from "@stackfx/lib/domain/rules/hosts.js"
import { LocalBackendConfig } from "../../config.js"
import { DevProvider, makeDevProvider } from "../protocol/dev-provider.js"
import { devProviderRoutes } from "../protocol/dev-provider-routes.js"

/** Where providers return to: `{origin}/api/v1/auth/oauth/callback/{provider}`. */
export const callbackPath = (providerId: string): string =>
  `${API_PATH_PREFIX}/auth/oauth/callback/${encodeURIComponent(providerId)}`

const sameServer = (base: URL, other: URL): boolean =>
  other.origin === base.origin ||
  (isLocalhostHostname(base.hostname) &&
    isLocalhostHostname(other.hostname) &&
    other.protocol === base.protocol &&
    other.port === base.port)

/** The origin of this server as the browser reached it (`host` header), or the configured base URL. */
export const serverOrigin = (baseUrl: string, hostHeader: string | undefined): string => {
  const base = new URL(baseUrl)
  if (hostHeader === undefined || !URL.canParse(`${base.protocol}//${hostHeader}`)) return base.origin
  const seen = new URL(`${base.protocol}//${hostHeader}`)
  return sameServer(base, seen) ? seen.origin : base.origin
}

/** True for this server's OAuth callback URLs only; anything else would make the provider an open redirect. */
export const isBackendCallback =
  (baseUrl: string) =>
  (uri: string): boolean => {
    if (!URL.canParse(uri)) return false
    const url = new URL(uri)
    return (
      sameServer(new URL(baseUrl), url) &&
      url.pathname.startsWith(`${API_PATH_PREFIX}/auth/oauth/callback/`) &&
      url.search === "" &&
      url.hash === ""
    )
  }

/** The local backend's development provider. */
export const layerDevProvider: Layer.Layer<DevProvider, never, LocalBackendConfig> = Layer.effect(
  DevProvider,
  Effect.flatMap(LocalBackendConfig, (config) =>
    makeDevProvider({ isAllowedRedirect: isBackendCallback(config.baseUrl) })
  )
)

/** The development provider's pages, for the server's router. */
export const devProviderPages = devProviderRoutes()
