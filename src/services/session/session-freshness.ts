/** What the session needs from an access token without verifying it: its expiry, if readable. */
export type AccessTokenExpiry =
  | { readonly _tag: "Expires"; readonly atMs: number }
  | { readonly _tag: "NeverExpires" }
  | { readonly _tag: "Unreadable" }

const base64UrlText = /^[A-Za-z0-9_-]+$/

/** UTF-8 text of unpadded base64url, `undefined` when it is not base64url (a length of 4n+1 included). */
const decodeBase64Url = (text: string): string | undefined => {
  if (!base64UrlText.test(text) || text.length % 4 === 1) return undefined
  // The platform's atob (forgiving base64) reads unpadded input; effect's encoding module would add
  // about 1 KB gzip to every initial load for this one call.
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"))
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

/**
 * The claims of a compact JWT (three base64url parts, the middle one a JSON object), unverified; `undefined`
 * when the token is not one. Hand-written rather than jose's `decodeJwt` so that jose stays out of the
 * client's initial bundle (only the server's verification needs it).
 */
export const unverifiedClaims = (token: string): Readonly<Record<string, unknown>> | undefined => {
  const parts = token.split(".")
  const payload = parts[1]
  if (parts.length !== 3 || payload === undefined || payload === "") return undefined
  const text = decodeBase64Url(payload)
  if (text === undefined) return undefined
  let claims: unknown
  try {
    claims = JSON.parse(text)
  } catch {
    return undefined
  }
  return typeof claims === "object" && claims !== null && !Array.isArray(claims)
    ? (claims as Readonly<Record<string, unknown>>)
    : undefined
}

/**
 * Reads `exp` (seconds) from the JWT payload without checking the signature: the server checks that;
 * the client only wants to avoid sending a token it already knows is stale.
 */
export const accessTokenExpiry = (token: string): AccessTokenExpiry => {
  const claims = unverifiedClaims(token)
  if (claims === undefined) return { _tag: "Unreadable" }
  const exp = claims["exp"]
  if (exp === undefined) return { _tag: "NeverExpires" }
  return typeof exp === "number" && Number.isFinite(exp)
    ? { _tag: "Expires", atMs: exp * 1000 }
    : { _tag: "Unreadable" }
}

/**
 * Whether a token stays valid for at least `marginMs` after `nowMs`. A token without `exp` never expires;
 * an unreadable one is treated as expired so the session refreshes it instead of sending garbage.
 */
export const isFresh = (expiry: AccessTokenExpiry, nowMs: number, marginMs: number): boolean => {
  switch (expiry._tag) {
    case "NeverExpires":
      return true
    case "Unreadable":
      return false
    case "Expires":
      return expiry.atMs - nowMs >= marginMs
  }
}

/**
 * `accessTokenExpiry` remembering its last answer. A session sends the same access token for many calls
 * in a row, and decoding it (base64url and JSON) costs more than the rest of the freshness check; a token
 * string always has the same expiry, so the remembered answer is the decoded one.
 */
export const lastExpiryMemo = (): ((token: string) => AccessTokenExpiry) => {
  let lastToken: string | undefined
  let lastExpiry: AccessTokenExpiry = { _tag: "Unreadable" }
  return (token) => {
    if (token !== lastToken) {
      lastExpiry = accessTokenExpiry(token)
      lastToken = token
    }
    return lastExpiry
  }
}
