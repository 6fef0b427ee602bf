/**
 * Whether the client may redirect the browser to a URL. Relative URLs stay on the current origin and are
 * always fine. An absolute URL is fine only when its scheme, host and port match a trusted domain entry
 * (or it points at localhost and localhost is allowed). Anything else (`//evil.com`, `/\evil.com`,
 * `javascript:`, `https://trusted.com@evil.com`) is refused.
 */
import { isLocalhostHostname, parseAbsoluteUrl } from "./hosts.js"

/** Which absolute URLs a redirect may lead to (relative URLs are always allowed). */
export interface RedirectTrustOptions {
  /**
   * Trusted domains as URLs, e.g. `https://app.example.com` or `https://app.example.com:8443`. In the host,
   * `*` matches within one label (`https://*.example.com`) and `**` across labels. Paths are ignored.
   * Entries that are not URLs never match.
   */
  readonly trustedDomains: ReadonlyArray<string>
  /** Also trust http(s) URLs on localhost (a project's "Allow localhost" setting). */
  readonly allowLocalhost?: boolean
}

// Two bases that differ in scheme, host and port: a URL that resolves onto both of them cannot carry an
// origin of its own, whatever scheme-relative or backslash trick it uses.
const PROBE_A = new URL("https://a.stackfx-relative-probe.invalid")
const PROBE_B = new URL("http://b.stackfx-relative-probe.invalid:8080")

/** A URL that keeps the current origin wherever it is resolved (a path, query or fragment). @internal */
export const isRelativeUrl = (url: string): boolean =>
  URL.canParse(url, PROBE_A) &&
  URL.canParse(url, PROBE_B) &&
  new URL(url, PROBE_A).origin === PROBE_A.origin &&
  new URL(url, PROBE_B).origin === PROBE_B.origin

const escapeRegExp = (s: string): string => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")

const hostnamePattern = (hostname: string): RegExp =>
  new RegExp(
    "^" +
      escapeRegExp(hostname)
        .split("**")
        .map((part) => part.replace(/\*/g, "[^.]+"))
        .join(".+") +
      "$"
  )

const matchesTrustedDomain = (target: URL, entry: string): boolean => {
  const trusted = parseAbsoluteUrl(entry.trim())
  if (trusted === undefined) return false
  return (
    trusted.protocol === target.protocol &&
    trusted.port === target.port &&
    hostnamePattern(trusted.hostname).test(target.hostname)
  )
}

const isHttp = (url: URL): boolean => url.protocol === "https:" || url.protocol === "http:"

/** Whether an absolute or relative URL may be redirected to. */
export const isTrustedRedirect = (url: string, options: RedirectTrustOptions): boolean => {
  if (isRelativeUrl(url)) return true
  const target = parseAbsoluteUrl(url)
  // Credentials in a redirect target only serve to disguise the real host.
  if (target === undefined || !isHttp(target) || target.username !== "" || target.password !== "") return false
  if (options.allowLocalhost === true && isLocalhostHostname(target.hostname)) return true
  return options.trustedDomains.some((entry) => matchesTrustedDomain(target, entry))
}
