/** Settings every part of the running local backend reads. */
import * as Context from "effect/Context"

export interface LocalBackendConfigShape {
  /** Where the server is reachable, without a trailing slash, e.g. `http://127.0.0.1:8102`. */
  readonly baseUrl: string
  /** Lifetime of minted access tokens. */
  readonly accessTokenLifetimeSeconds: number
}

export class LocalBackendConfig extends Context.Service<LocalBackendConfig, LocalBackendConfigShape>()(
  "stackfx-backend/LocalBackendConfig"
) {}

/** The hosted lifetime: ten minutes. */
export const DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS = 600

/**
 * The base URL the current request was addressed to (`http://localhost:8102` or
 * `http://127.0.0.1:8102` ...). Tokens minted while serving it name this URL in `iss`, as the hosted
 * service does, so a client verifies them against the base URL it was configured with. Unset outside
 * a request; then `LocalBackendConfig.baseUrl` applies.
 */
export const RequestBaseUrl = Context.Reference<string | undefined>("stackfx-backend/RequestBaseUrl", {
  defaultValue: () => undefined
})

/**
 * The end user's country as the request's headers claim it (`http/end-user.ts`), read where a sign-up's
 * country is (the sign-up rules' `countryCode`). Unset outside a request and when the headers say nothing.
 */
export const RequestCountry = Context.Reference<string | undefined>("stackfx-backend/RequestCountry", {
  defaultValue: () => undefined
})

/** The origin a request's Host header names, when it is a plausible host[:port]. */
export const baseUrlFromHost = (host: string | undefined, forwardedProto: string | undefined): string | undefined => {
  if (host === undefined || !/^[A-Za-z0-9.\-[\]:]+$/.test(host)) return undefined
  const protocol = forwardedProto === "https" ? "https" : "http"
  return URL.canParse(`${protocol}://${host}`) ? new URL(`${protocol}://${host}`).origin : undefined
}
