import { decodeJwt } from "jose"

/** What the session needs from an access token without verifying it: its expiry, if readable. */
export type AccessTokenExpiry =
  | { readonly _tag: "Expires"; readonly atMs: number }
  | { readonly _tag: "NeverExpires" }
  | { readonly _tag: "Unreadable" }

/**
 * Reads `exp` (seconds) from the JWT payload without checking the signature: the server checks that;
 * the client only wants to avoid sending a token it already knows is stale.
 */
export const accessTokenExpiry = (token: string): AccessTokenExpiry => {
  let exp: unknown
  try {
    exp = decodeJwt(token).exp
  } catch {
    return { _tag: "Unreadable" }
  }
  if (exp === undefined) return { _tag: "NeverExpires" }
  return typeof exp === "number" && Number.isFinite(exp) ? { _tag: "Expires", atMs: exp * 1000 } : { _tag: "Unreadable" }
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
