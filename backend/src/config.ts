/** Settings every part of the running local backend reads. */
import * as Context from "effect/Context"
import * as Schema from "effect/Schema"

export interface LocalBackendConfigShape {
  /** Where the server is reachable, without a trailing slash, e.g. `http://127.0.0.1:8102`. */
  readonly baseUrl: string
  /** The configured public URLs (`--public-url`), the first of which is `baseUrl`; empty when none is. */
  readonly publicUrls: ReadonlyArray<string>
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
 * The configured public URLs (`--public-url`), without trailing slashes; empty when none is. When set, a
 * request's base URL is the one of them it came in on, else the first (`publicBaseUrl`), whatever its Host says.
 */
export const PublicUrls = Context.Reference<ReadonlyArray<string>>("stackfx-backend/PublicUrls", {
  defaultValue: () => []
})

/** A `--public-url` that is not an http(s) URL without query or fragment. */
export class InvalidPublicUrl extends Schema.TaggedError<InvalidPublicUrl>()("InvalidPublicUrl", {
  url: Schema.String,
  message: Schema.String
}) {}

/** `--public-url` values as given (one, several, or a comma-separated list), checked and without trailing slashes. */
export const normalizePublicUrls = (
  given: string | ReadonlyArray<string> | undefined
): { readonly urls: ReadonlyArray<string> } | { readonly invalid: string } => {
  const list = (typeof given === "string" ? [given] : (given ?? []))
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "")
  const urls: Array<string> = []
  for (const value of list) {
    const url = URL.canParse(value) ? new URL(value) : undefined
    if (
      url === undefined ||
      (url.protocol !== "http:" && url.protocol !== "https:") ||
      url.search !== "" ||
      url.hash !== ""
    )
      return { invalid: value }
    urls.push(`${url.origin}${url.pathname}`.replace(/\/+$/, ""))
  }
  return { urls }
}

/** The base URL of a request: with public URLs configured, the one whose origin it came in on, else the first. */
export const publicBaseUrl = (publicUrls: ReadonlyArray<string>, fromHost: string | undefined): string | undefined => {
  const first = publicUrls[0]
  if (first === undefined) return fromHost
  return publicUrls.find((url) => fromHost !== undefined && new URL(url).origin === fromHost) ?? first
}

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
