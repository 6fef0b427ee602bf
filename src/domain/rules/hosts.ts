/** Classification of URL hostnames (as `URL#hostname` reports them: lower-case, IPv6 in brackets). */

const withoutTrailingDot = (hostname: string): string => (hostname.endsWith(".") ? hostname.slice(0, -1) : hostname)

/** `localhost`, any `*.localhost`, the IPv4 loopback block 127.0.0.0/8 and IPv6 `[::1]`. @internal */
export const isLocalhostHostname = (hostname: string): boolean => {
  const host = withoutTrailingDot(hostname.toLowerCase())
  return host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "[::1]"
}

/**
 * An IP literal rather than a name. The URL parser normalises every IPv4 spelling (`0x7f.1`, `2130706433`)
 * to dotted decimal and keeps IPv6 in brackets, so these two shapes cover them all.
 * @internal
 */
export const isIpHostname = (hostname: string): boolean =>
  /^\d+(\.\d+)*$/.test(withoutTrailingDot(hostname)) || hostname.startsWith("[")

/** Parses an absolute URL; `undefined` when it is not one. @internal */
export const parseAbsoluteUrl = (url: string): URL | undefined => {
  // URL.canParse avoids a try/catch; it exists in every runtime this library supports.
  return URL.canParse(url) ? new URL(url) : undefined
}

/** The three names a loopback backend answers on; each spells the same server. @internal */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const

/**
 * The spellings of one base URL a backend may name in its tokens: its origin, and for a loopback host the same
 * scheme and port under each loopback name (a browser on `localhost` and a server configured with `127.0.0.1`
 * reach one local backend, which names the host each request came in on). Anything not a URL stays as given.
 * @internal
 */
export const loopbackAliases = (baseUrl: string): ReadonlyArray<string> => {
  const url = parseAbsoluteUrl(baseUrl)
  if (url === undefined) return [baseUrl]
  // A base URL may have a path (an API behind a prefix): every spelling keeps it.
  const path = url.pathname.replace(/\/+$/, "")
  if (!(LOOPBACK_HOSTS as ReadonlyArray<string>).includes(url.hostname)) return [`${url.origin}${path}`]
  const port = url.port === "" ? "" : `:${url.port}`
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}${path}`)
}
