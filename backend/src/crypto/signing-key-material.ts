/** Key material of signing keys: new ES256 pairs as JWKs, their published form and their imported form. */
import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject, webcrypto } from "node:crypto"
import * as Effect from "effect/Effect"
import type { AccessTokenKind } from "@stackfx/lib/domain/jwt.js"
import type { SigningKeyRow } from "../store/auth/signing-keys.js"
import { randomSecret } from "./secrets.js"

export interface SigningKey {
  readonly kid: string
  readonly projectId: string
  /** Whose tokens it signs. */
  readonly kind: AccessTokenKind
  /** Counts up within the project and kind (migration 0015): the newest is the next key, the one below signs. */
  readonly generation: number
  readonly createdAt: Date
  readonly privateKey: KeyObject
  readonly publicKey: KeyObject
  /** The public JWK as published in the JWKS. */
  readonly publicJwk: Readonly<Record<string, unknown>>
}

/**
 * A P-256 key pair exported as JWKs, through WebCrypto. Not `generateKeyPairSync` + `export({ format:
 * "jwk" })`: on Node 20 that pair deadlocks the main thread when a garbage collection lands during the
 * export (after a few thousand keys under GC pressure, or on a fresh backend's first sign-up), and the
 * process then answers nothing, not even SIGTERM. WebCrypto generates off the main thread.
 * A rejection here means the runtime's crypto is broken, not anything a caller could handle: a defect.
 */
const generateJwkPair = Effect.promise(async () => {
  const pair = await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])
  const [privateJwk, publicJwk] = await Promise.all([
    webcrypto.subtle.exportKey("jwk", pair.privateKey),
    webcrypto.subtle.exportKey("jwk", pair.publicKey)
  ])
  // WebCrypto adds its own `key_ops` and `ext` members; the stored and published keys carry only the
  // key material, as keys exported from a KeyObject did.
  const { key_ops: _privateOps, ext: _privateExt, ...privateKey } = privateJwk
  const { key_ops: _publicOps, ext: _publicExt, ...publicKey } = publicJwk
  return { privateJwk: privateKey, publicJwk: publicKey }
})

/** A new P-256 key pair as JWKs, for storing. */
export const generateSigningJwks = Effect.gen(function* () {
  const kid = yield* randomSecret(12)
  const pair = yield* generateJwkPair
  return { kid, privateJwk: pair.privateJwk, publicJwk: { ...pair.publicJwk, kid, alg: "ES256" } }
})

/**
 * A public key as the JWKS publishes it: the hosted set has `kty`, `crv`, `x`, `y`, `kid` and `alg` only.
 * Keys stored by earlier versions also carry `use`, left out here.
 */
export const publishedJwk = (jwk: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
  const { use: _use, ...published } = jwk
  return published
}

/** A stored key, imported once so the request path never re-imports a JWK. */
export const importSigningKey = (row: SigningKeyRow): SigningKey => ({
  kid: row.kid,
  projectId: row.projectId,
  kind: row.kind,
  generation: row.generation,
  createdAt: row.createdAt,
  privateKey: createPrivateKey({ key: row.privateJwk as JsonWebKey, format: "jwk" }),
  publicKey: createPublicKey({ key: row.publicJwk as JsonWebKey, format: "jwk" }),
  publicJwk: row.publicJwk
})
