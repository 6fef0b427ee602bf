/**
 * The service's check of a trusted domain's base URL (`wildcardUrlSchema`, Hexclave era): a URL, or an http(s)
 * URL whose wildcards are in its host only. The host may end in a port (`:4405`, 1 to 65535 without leading
 * zeros) or the port wildcard `:*`; `*` and `**` stand within the host name's labels; a bracketed IPv6
 * literal takes a port only after its closing bracket.
 */

/** A host name without wildcards: what a URL parser keeps unchanged as the host name. */
const isPlainHostname = (hostname: string): boolean => {
  if (hostname === "" || hostname.startsWith(".") || hostname.endsWith(".") || hostname.includes("..")) return false
  return URL.canParse(`https://${hostname}`) && new URL(`https://${hostname}`).hostname === hostname
}

/** A host name with `*`/`**`: letters, digits, dots and dashes around them, no empty label. */
const isHostnamePattern = (hostname: string): boolean => {
  if (!hostname.includes("*")) return isPlainHostname(hostname)
  if (hostname.startsWith(".") || hostname.endsWith(".") || hostname.includes("..")) return false
  return /^[a-zA-Z0-9.-]+$/.test(hostname.replace(/\*+/g, "wildcard"))
}

/** A host pattern with an optional `:port` or `:*`. @internal */
export const isHostPattern = (host: string): boolean => {
  const separator = host.startsWith("[") ? (host.includes("]:") ? host.lastIndexOf(":") : -1) : host.lastIndexOf(":")
  if (separator === -1) return isHostnamePattern(host)
  const port = host.slice(separator + 1)
  const portValid = port === "*" || (/^[1-9]\d{0,4}$/.test(port) && Number(port) <= 65535)
  return portValid && isHostnamePattern(host.slice(0, separator))
}

/** A trusted domain's base URL as the service accepts it (before its length limit). @internal */
export const isTrustedDomainPattern = (value: string): boolean => {
  if (value.includes(" ")) return false
  if (!value.includes("*")) return URL.canParse(value)
  const separator = value.indexOf("://")
  if (separator === -1) return false
  const scheme = value.slice(0, separator).toLowerCase()
  if (scheme !== "http" && scheme !== "https") return false
  const rest = value.slice(separator + 3)
  const end = rest.search(/[/?#]/)
  const host = end === -1 ? rest : rest.slice(0, end)
  const tail = end === -1 ? "" : rest.slice(end)
  // The wildcards stand in the host only, and the rest must make a URL around an ordinary host.
  return isHostPattern(host) && !tail.includes("*") && URL.canParse(`${scheme}://wildcard.invalid${tail}`)
}
