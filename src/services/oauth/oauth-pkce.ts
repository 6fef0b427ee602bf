/**
 * PKCE (RFC 7636) and state for the OAuth flow: a random code verifier whose S256 challenge goes to the
 * authorize endpoint, and a random state that names the cookie the verifier waits in.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { s256FromDigest, tokenFromBytes, verifierBytes } from "../../domain/rules/pkce.js"
import { OAuthNotAvailable } from "../../errors/client/oauth-not-available.js"

/** Source of random bytes; tests replace it to make verifiers and states predictable. */
export const RandomBytes = /* @__PURE__ */ Context.Reference<(length: number) => Uint8Array>("stackfx/RandomBytes", {
  defaultValue: () => (length) => globalThis.crypto.getRandomValues(new Uint8Array(length))
})

/** What a state made by {@link randomToken} looks like; anything else in a callback URL is not ours. */
export const STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/

/** 32 random bytes as base64url (43 characters): a code verifier or a state. */
export const randomToken: Effect.Effect<string> = Effect.gen(function* () {
  const random = yield* RandomBytes
  return tokenFromBytes(random(32))
})

/**
 * The S256 challenge of a verifier: base64url(SHA-256(ASCII(verifier))). Web Crypto is missing outside
 * secure contexts, which makes the flow unavailable rather than a crash.
 */
export const s256Challenge = (verifier: string): Effect.Effect<string, OAuthNotAvailable> => {
  const subtle = (globalThis.crypto as Crypto | undefined)?.subtle
  if (subtle === undefined) return Effect.fail(new OAuthNotAvailable({ reason: "no-web-crypto" }))
  return Effect.tryPromise({
    try: () => subtle.digest("SHA-256", verifierBytes(verifier)),
    catch: () => new OAuthNotAvailable({ reason: "no-web-crypto" })
  }).pipe(Effect.map((digest) => s256FromDigest(new Uint8Array(digest))))
}
