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
   * `*` matches within one label (`https://*.example.com`) and `**` across labels; the port `*` matches any
   * port (`https://*.example.com:*`, `http://localhost:*`, `http://[::1]:*`), and a pattern without a port
   * only the scheme's default one. Paths are ignored. Entries that are not URLs never match.
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

/** The service's host pattern: `*` within one label (possibly empty), `**` across labels. */
const matchesHostPattern = (pattern: string, host: string): boolean =>
  !pattern.includes("*")
    ? pattern === host
    : new RegExp(
        "^" +
          escapeRegExp(pattern)
            .split("**")
            .map((part) => part.replace(/\*/g, "[^.]*"))
            .join(".*") +
          "$"
      ).test(host)

const DEFAULT_PORTS: Readonly<Record<string, string>> = { "https:": "443", "http:": "80" }

/** `host:port` with the scheme's default port written out (`app.example.com:443`). */
const hostWithPort = (url: URL): string => `${url.hostname}:${url.port || DEFAULT_PORTS[url.protocol] || ""}`

const isDefaultPort = (url: URL): boolean => url.port === "" || url.port === DEFAULT_PORTS[url.protocol]

/**
 * Whether a pattern's host ends in a port (`:4405`) or the port wildcard (`:*`). In a bracketed IPv6 literal
 * only a colon after the closing bracket separates one.
 */
const hasExplicitPort = (host: string): boolean => {
  const separator = host.startsWith("[") ? (host.includes("]:") ? host.lastIndexOf(":") : -1) : host.lastIndexOf(":")
  if (separator === -1) return false
  const port = host.slice(separator + 1)
  return port === "*" || /^\d+$/.test(port)
}

/**
 * The service's rules: an entry without wildcards is an origin (scheme, host and port, the default port
 * written or not); with wildcards, the scheme must be the same and the host pattern (everything up to the
 * first `/`) matches the host, and then the port too when the pattern names one (`:*` any port, the default
 * one included), else only the default port.
 */
const matchesTrustedDomain = (target: URL, entry: string): boolean => {
  const pattern = entry.trim()
  if (!pattern.includes("*")) {
    const trusted = parseAbsoluteUrl(pattern)
    return (
      trusted !== undefined &&
      trusted.protocol === target.protocol &&
      trusted.hostname === target.hostname &&
      hostWithPort(trusted) === hostWithPort(target)
    )
  }
  const separator = pattern.indexOf("://")
  if (separator === -1 || `${pattern.slice(0, separator).toLowerCase()}:` !== target.protocol) return false
  const rest = pattern.slice(separator + 3)
  const host = (rest.includes("/") ? rest.slice(0, rest.indexOf("/")) : rest).toLowerCase()
  if (host === "") return false
  return hasExplicitPort(host)
    ? matchesHostPattern(host, hostWithPort(target))
    : matchesHostPattern(host, target.hostname) && isDefaultPort(target)
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
