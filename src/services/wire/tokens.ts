/**
 * The session's two tokens as a request carries them: the pair a token store keeps (session/token-store.ts)
 * and the `x-stack-auth` JSON the transport sends with `authHeader` requests and the app's own server reads
 * (session/auth-json.ts). Here, below the session, because the wire sends them.
 */

/** The pair of session tokens a store keeps; `null` means absent. */
export interface StoredTokens {
  readonly accessToken: string | null
  readonly refreshToken: string | null
}

/** Exactly the two tokens (a wider object passed in would otherwise leak its other fields into the JSON). */
export const authJsonOf = (tokens: StoredTokens | null): StoredTokens => ({
  accessToken: tokens?.accessToken ?? null,
  refreshToken: tokens?.refreshToken ?? null
})

/** The value of the `x-stack-auth` header for `tokens`. */
export const authHeaderValue = (tokens: StoredTokens | null): string => JSON.stringify(authJsonOf(tokens))
