/**
 * PKCE (RFC 7636) on the server side: the authorize call stores the client's `code_challenge`, and the token
 * call must present the `code_verifier` whose S256 challenge matches it. Only S256 is accepted (OAuth
 * uses S256 challenges); "plain" would let anyone who saw the authorize URL redeem the code.
 */
import * as Effect from "effect/Effect"
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import { InvalidAuthorizationCode } from "../../errors/index.js"

/** RFC 7636 section 4.1: 43 to 128 unreserved characters. */
export const codeVerifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/

/** The S256 challenge of a verifier: base64url(SHA-256(ASCII(verifier))), without padding. */
export const s256Challenge = (verifier: string): string => createHash("sha256").update(verifier, "ascii").digest("base64url")

/** A new random verifier (32 bytes, 43 characters), as a client would make one. */
export const newCodeVerifier: Effect.Effect<string> = Effect.sync(() => randomBytes(32).toString("base64url"))

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** True when the verifier is well formed and its S256 challenge equals the stored one (constant time). */
export const pkceMatches = (verifier: string, storedChallenge: string): boolean =>
  codeVerifierPattern.test(verifier) && sameText(s256Challenge(verifier), storedChallenge)

/**
 * Check the verifier of a token request against the challenge stored at authorize time.
 *
 * @example verifyPkce({ verifier, challenge: stored.codeChallenge, method: stored.codeChallengeMethod })
 */
export const verifyPkce = (input: {
  readonly verifier: string
  readonly challenge: string
  readonly method: string
}): Effect.Effect<void, InvalidAuthorizationCode> =>
  input.method === "S256" && pkceMatches(input.verifier, input.challenge)
    ? Effect.void
    : Effect.fail(new InvalidAuthorizationCode({ message: "The code verifier does not match the code challenge." }))
