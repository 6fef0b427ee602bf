/**
 * Whether the session cookies a request's answer sets are `Secure`. The browser's store marks them `Secure` on
 * an https page; the server must say the same, or the two sides write one cookie with different attributes
 * (and, for the hosted SDK's `__Host-` refresh cookie, different names). Behind a proxy that ends TLS the
 * request reaches the app over http: the proxy says what the browser used (`Forwarded: proto=https`, or the
 * older `X-Forwarded-Proto: https`), and only the app knows whether a proxy stands in front to say it, so
 * those headers count only when it says it trusts its proxy. Anyone can send them to an app that faces the
 * internet itself.
 */

/** How the server decides the `Secure` flag of the session cookies it sets. */
export interface SecureCookieOptions {
  /**
   * The app runs behind a proxy (load balancer, CDN) that sets `Forwarded` or `X-Forwarded-Proto` and strips
   * what the client sent: the protocol they name (the first hop's, the browser's) decides. Default false: the
   * request URL's protocol decides.
   */
  readonly trustProxy?: boolean | undefined
  /**
   * `"always"`: every session cookie is `Secure` whatever the request says (an app served only over https, e.g.
   * behind a proxy that sets no header). Default `"auto"`: `Secure` when the request came over https.
   */
  readonly secureCookies?: "auto" | "always" | undefined
}

/** The request as far as the decision needs it. */
export interface SecureCookieRequest {
  readonly url: string
  readonly headers: { readonly get: (name: string) => string | null }
}

/** `text` split at each `separator` outside a quoted string (RFC 7239's values may be quoted). */
const splitOutsideQuotes = (text: string, separator: string): ReadonlyArray<string> => {
  const parts: Array<string> = []
  let start = 0
  let quoted = false
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (char === "\\" && quoted) at++
    else if (char === '"') quoted = !quoted
    else if (char === separator && !quoted) {
      parts.push(text.slice(start, at))
      start = at + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

/** A quoted-string's content (`"https"` -> `https`, `\"` -> `"`), or a token as it is. */
const unquote = (value: string): string =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value

/**
 * The protocol the first hop names in an RFC 7239 `Forwarded` header (`for=1.2.3.4;proto=https, for=...`), in
 * lower case; `undefined` when it names none. The first element is the one closest to the browser.
 */
export const forwardedProto = (header: string): string | undefined => {
  const first = splitOutsideQuotes(header, ",")[0] ?? ""
  for (const pair of splitOutsideQuotes(first, ";")) {
    const equals = pair.indexOf("=")
    if (equals === -1) continue
    if (pair.slice(0, equals).trim().toLowerCase() !== "proto") continue
    const value = unquote(pair.slice(equals + 1).trim()).toLowerCase()
    return value === "" ? undefined : value
  }
  return undefined
}

/** The first protocol of `X-Forwarded-Proto` (`https, http` when two proxies appended), in lower case. */
export const xForwardedProto = (header: string): string | undefined => {
  const first = (header.split(",")[0] ?? "").trim().toLowerCase()
  return first === "" ? undefined : first
}

/** The protocol the browser used, as far as the options let the server know it: `"https"`, `"http"`, ... */
export const requestProtocol = (request: SecureCookieRequest, options: SecureCookieOptions): string => {
  if (options.trustProxy === true) {
    const forwarded = request.headers.get("forwarded")
    const named = forwarded === null ? undefined : forwardedProto(forwarded)
    if (named !== undefined) return named
    const legacy = request.headers.get("x-forwarded-proto")
    const legacyNamed = legacy === null ? undefined : xForwardedProto(legacy)
    if (legacyNamed !== undefined) return legacyNamed
  }
  // The scheme as the URL spells it (a request's URL is absolute), without parsing what need not be parsed.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(request.url)
  return scheme?.[1]?.toLowerCase() ?? ""
}

/** Whether the session cookies of `request`'s answer are `Secure`. */
export const secureCookiesFor = (request: SecureCookieRequest, options: SecureCookieOptions): boolean =>
  options.secureCookies === "always" || requestProtocol(request, options) === "https"
