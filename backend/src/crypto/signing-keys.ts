/**
 * Per-project ES256 key pairs. Keys live in `signing_keys`; imported key objects are cached here so the
 * request path never re-imports a JWK. The newest key of a kind signs. Like the hosted service, the tokens
 * of restricted and of anonymous users are signed with keys of their own (the hosted service derives one set
 * per audience), and the key set publishes them only when asked: a verifier that fetched the plain set
 * cannot verify those tokens at all.
 */
import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject, webcrypto } from "node:crypto"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Semaphore from "effect/Semaphore"
import * as Layer from "effect/Layer"
import type { AccessTokenKind } from "@stackfx/lib/domain/jwt.js"
import { Db, type DbError } from "../store/db.js"
import { insertSigningKey, listSigningKeys, type SigningKeyRow } from "../store/auth/signing-keys.js"
import { randomSecret } from "./secrets.js"

export interface SigningKey {
  readonly kid: string
  readonly projectId: string
  /** Whose tokens it signs. */
  readonly kind: AccessTokenKind
  readonly privateKey: KeyObject
  readonly publicKey: KeyObject
  /** The public JWK as published in the JWKS. */
  readonly publicJwk: Readonly<Record<string, unknown>>
}

export interface SigningKeysShape {
  /** The key that signs this project's tokens of `kind` (default normal), created on first use. */
  readonly signer: (projectId: string, kind?: AccessTokenKind) => Effect.Effect<SigningKey, DbError>
  /** The key with this id, when it belongs to the project. */
  readonly verifier: (projectId: string, kid: string) => Effect.Effect<SigningKey | undefined, DbError>
  /**
   * The project's public keys of the given kinds, `{ keys: [...] }`, each kind's keys created first when
   * missing (a verifier may fetch the set before the first token of that kind exists).
   */
  readonly jwks: (
    projectId: string,
    kinds?: ReadonlyArray<AccessTokenKind>
  ) => Effect.Effect<{ readonly keys: ReadonlyArray<Readonly<Record<string, unknown>>> }, DbError>
  /** Drops the cache of a deleted project. */
  readonly forget: (projectId: string) => Effect.Effect<void>
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
const publishedJwk = (jwk: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
  const { use: _use, ...published } = jwk
  return published
}

const importRow = (row: SigningKeyRow): SigningKey => ({
  kid: row.kid,
  projectId: row.projectId,
  kind: row.kind,
  privateKey: createPrivateKey({ key: row.privateJwk as JsonWebKey, format: "jwk" }),
  publicKey: createPublicKey({ key: row.publicJwk as JsonWebKey, format: "jwk" }),
  publicJwk: row.publicJwk
})

export class SigningKeys extends Context.Service<SigningKeys, SigningKeysShape>()("stackfx-backend/SigningKeys") {
  static readonly layer: Layer.Layer<SigningKeys, never, Db> = Layer.effect(
    SigningKeys,
    Effect.gen(function* () {
      const withDb = yield* Db.provider
      // projectId -> keys, newest first
      const cache = new Map<string, ReadonlyArray<SigningKey>>()
      // One creation at a time per project (another project's first requests never wait on this one's).
      const creating = new Map<string, Semaphore.Semaphore>()
      const creationOf = (projectId: string): Semaphore.Semaphore => {
        const existing = creating.get(projectId)
        if (existing !== undefined) return existing
        const made = Semaphore.makeUnsafe(1)
        creating.set(projectId, made)
        return made
      }

      const load = (projectId: string): Effect.Effect<ReadonlyArray<SigningKey>, DbError> => {
        const cached = cache.get(projectId)
        if (cached !== undefined) return Effect.succeed(cached)
        return Effect.map(withDb(listSigningKeys(projectId)), (rows) => {
          const keys = rows.map(importRow)
          if (keys.length > 0) cache.set(projectId, keys)
          return keys
        })
      }

      const signer = (projectId: string, kind: AccessTokenKind = "normal"): Effect.Effect<SigningKey, DbError> =>
        Effect.flatMap(load(projectId), (keys) => {
          const newest = keys.find((k) => k.kind === kind)
          if (newest !== undefined) return Effect.succeed(newest)
          // Looked for again from the database once it is this creation's turn: two first requests of a project at
          // once made two keys of one kind, so its JWKS varied between runs.
          return creationOf(projectId).withPermits(1)(
            Effect.gen(function* () {
              cache.delete(projectId)
              const made = (yield* load(projectId)).find((k) => k.kind === kind)
              if (made !== undefined) return made
              const generated = yield* generateSigningJwks
              yield* withDb(insertSigningKey({ projectId, kind, ...generated }))
              cache.delete(projectId)
              const reloaded = yield* load(projectId)
              const first = reloaded.find((k) => k.kind === kind)
              return first === undefined ? yield* Effect.die(new Error("signing key vanished after insert")) : first
            })
          )
        })

      return SigningKeys.of({
        signer,
        verifier: (projectId, kid) => Effect.map(load(projectId), (keys) => keys.find((k) => k.kid === kid)),
        jwks: (projectId, kinds = ["normal"]) =>
          Effect.gen(function* () {
            for (const kind of kinds) yield* signer(projectId, kind)
            const keys = yield* load(projectId)
            return { keys: keys.filter((k) => kinds.includes(k.kind)).map((k) => publishedJwk(k.publicJwk)) }
          }),
        forget: (projectId) =>
          Effect.sync(() => {
            cache.delete(projectId)
            creating.delete(projectId)
          })
      })
    })
  )
}
