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
