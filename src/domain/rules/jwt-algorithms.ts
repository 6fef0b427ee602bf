/**
 * The JWT signature algorithms anything of ours verifies with: the app server's access-token verifier and the
 * local backend's check of an OAuth provider's id_token.
 */

/**
 * Signature algorithms a verifier may accept. Only asymmetric ones: with an HMAC algorithm anyone holding the
 * public key could sign (`alg: HS256` keyed with the published key), and `none` is no signature at all.
 */
export const ASYMMETRIC_JWT_ALGORITHMS = [
  "ES256",
  "ES384",
  "ES512",
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "EdDSA",
  "Ed25519"
] as const
/** A JWT signing algorithm the verifier accepts (asymmetric only). */
export type AsymmetricJwtAlgorithm = (typeof ASYMMETRIC_JWT_ALGORITHMS)[number]

/** Whether `alg` is one of {@link ASYMMETRIC_JWT_ALGORITHMS}. */
export const isAsymmetricJwtAlgorithm = (alg: string): alg is AsymmetricJwtAlgorithm =>
  (ASYMMETRIC_JWT_ALGORITHMS as ReadonlyArray<string>).includes(alg)
