/**
 * PKCE (RFC 7636) on the server side: the authorize call stores the client's `code_challenge`, and the token
 * call must present the `code_verifier` whose S256 challenge matches it. Only S256 is accepted (OAuth
 * uses S256 challenges); "plain" would let anyone who saw the authorize URL redeem the code.
 */
import * as Effect from "effect/Effect"
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import { codeVerifierPattern, s256FromDigest, tokenFromBytes, verifierBytes } from "@stackfx/lib/domain/rules/pkce.js"
import { InvalidAuthorizationCode } from "@stackfx/lib/errors/index.js"

export { codeVerifierPattern }

/** The S256 challenge of a verifier (domain/rules/pkce.ts), hashed synchronously with node:crypto. */
export const s256Challenge = (verifier: string): string =>
  s256FromDigest(createHash("sha256").update(verifierBytes(verifier)).digest())

/** A new random verifier (32 bytes, 43 characters), as a client would make one. */
export const newCodeVerifier: Effect.Effect<string> = Effect.sync(() => tokenFromBytes(randomBytes(32)))

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
