/**
 * Reading a `Cookie` header (or `document.cookie`) and writing one `Set-Cookie` line, for the few cookies
 * stackfx owns. Hand-written rather than the `cookie` package because the client tier's cookie store sits on
 * every page's initial load, where that package's general parser and validator cost more than all the rest
 * of the store; what it does is narrow enough to state here.
 */

/** Values are written percent-encoded (as `encodeURIComponent`), so a token can never break the line. */
const decodeValue = (raw: string): string => {
  if (!raw.includes("%")) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    // Not written by us (a malformed escape): kept as it is, as a browser would hand it over.
    return raw
  }
}

/**
 * Every cookie of `header` (`a=1; b=2`) as `[name, value]`, values percent-decoded, in the header's order (the
 * browser lists the most specific path first).
 */
export const cookieEntries = (header: string): ReadonlyArray<readonly [name: string, value: string]> => {
  const entries: Array<readonly [string, string]> = []
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=")
    if (eq !== -1) entries.push([pair.slice(0, eq).trim(), decodeValue(pair.slice(eq + 1).trim())])
  }
  return entries
}

/** The value of the cookie `name` in `header`, the first one when the name repeats; `undefined` when absent. */
export const readCookie = (header: string, name: string): string | undefined =>
  cookieEntries(header).find(([key]) => key === name)?.[1]

/**
 * One `Set-Cookie` line for a cookie of the whole site (`Path=/`, `SameSite=Lax`); `null` deletes it
 * (Max-Age 0 plus an epoch expiry deletes a cookie in every browser). `secure` follows the page's protocol:
 * Secure on an http page would make the browser drop the cookie. A `domain` addresses a cookie set for a
 * parent domain (deleting one needs its domain).
 */
export const setCookieLine = (
  name: string,
  value: string | null,
  maxAge: number,
  secure: boolean,
  domain?: string
): string =>
  `${name}=${value === null ? "" : encodeURIComponent(value)}; Max-Age=${value === null ? 0 : Math.trunc(maxAge)}; Path=/` +
  (value === null ? `; Expires=${new Date(0).toUTCString()}` : "") +
  (domain === undefined ? "" : `; Domain=${domain}`) +
  (secure ? "; Secure" : "") +
  "; SameSite=Lax"
