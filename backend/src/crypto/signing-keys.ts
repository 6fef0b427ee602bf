/**
 * Per-project ES256 signing keys, as the hosted service publishes them: per kind of token (normal,
 * restricted, anonymous users; the hosted service derives one set per audience) a current key that signs and
 * a next key published before it signs, so a rotation (`stackfx keys rotate`) never surprises a verifier that
 * cached the key set. Keys live in `signing_keys` (generations, migration 0015), made on first use across
 * processes without a lock (signing-key-generations.ts); imported keys are cached here per project.
 *
 * The cache is one process's view of a table other processes write: an entry is read again after
 * `KEY_CACHE_TTL_MILLIS` (a rotation made elsewhere reaches every instance within it), a key id the entry
 * does not know makes the project's keys be read again before a token is refused (another instance may
 * have just made it), and `invalidate` drops an entry at once (for a notification of a change).
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { AccessTokenKind } from "@stackfx/lib/domain/jwt.js"
import { CLOCK_TOLERANCE_SECONDS } from "@stackfx/lib/domain/rules/access-tokens.js"
import { LocalBackendConfig } from "../config.js"
import { Db, type DbError } from "../store/db.js"
import { listSigningKeys } from "../store/auth/signing-keys.js"
import { keyRing, type KeyRing, trustedKeys } from "./key-ring.js"
import { completeGenerations, rotateSigningKeys } from "./signing-key-generations.js"
import { importSigningKey, publishedJwk, type SigningKey } from "./signing-key-material.js"

export type { SigningKey } from "./signing-key-material.js"

/** How long a process trusts its cached keys of a project before reading them again. */
export const KEY_CACHE_TTL_MILLIS = 60_000

export interface SigningKeysShape {
  /** The key that signs this project's tokens of `kind` (default normal); the current and next keys are made on first use. */
  readonly signer: (projectId: string, kind?: AccessTokenKind) => Effect.Effect<SigningKey, DbError>
  /**
   * The trusted key with this id, when it belongs to the project: a current, next or recently retired key.
   * An id the cache does not know is looked for in the database before the answer is no.
   */
  readonly verifier: (projectId: string, kid: string) => Effect.Effect<SigningKey | undefined, DbError>
  /**
   * The project's public keys of the given kinds, `{ keys: [...] }`: per kind the current key, the next key and
   * keys retired within the grace period, each kind's keys made first when missing (a verifier may fetch the
   * set before the first token of that kind exists).
   */
  readonly jwks: (
    projectId: string,
    kinds?: ReadonlyArray<AccessTokenKind>
  ) => Effect.Effect<{ readonly keys: ReadonlyArray<Readonly<Record<string, unknown>>> }, DbError>
  /** Promotes every kind's next key and makes a new next one (see rotateSigningKeys); this process sees it at once. */
  readonly rotate: (projectId: string) => Effect.Effect<void, DbError>
  /**
   * Drops this process's cached keys of the project (a deleted project, or a change another instance made);
   * the next use reads them from the database.
   */
  readonly invalidate: (projectId: string) => Effect.Effect<void>
}

interface Cached {
  readonly keys: ReadonlyArray<SigningKey>
  readonly loadedAt: number
  /** `Db.generation` of the project's keys when they were read (0 on a database no other process shares). */
  readonly generation: number
}

export class SigningKeys extends Context.Service<SigningKeys, SigningKeysShape>()("stackfx-backend/SigningKeys") {
  static readonly layer: Layer.Layer<SigningKeys, never, Db | LocalBackendConfig> = Layer.effect(
    SigningKeys,
    Effect.gen(function* () {
      const withDb = yield* Db.provider
      const db = yield* Db
      const config = yield* LocalBackendConfig
      // On PostgreSQL, shared with other instances, an entry is also read again after a write the change feed
      // reports (store/change-feed.ts), and not kept while the feed is down: another instance's rotation is
      // seen within a notification rather than the TTL. PGlite has no other writer: 0, the TTL alone.
      const generationOf = (projectId: string) =>
        db.peers.status() === "alone" ? 0 : db.generation(`signing-keys:${projectId}`)
      // A retired key verifies while a token it signed may be unexpired: for a token's lifetime after the
      // rotation, plus the time another instance may still sign with it from its cache, plus clock skew.
      const graceMillis = (config.accessTokenLifetimeSeconds + CLOCK_TOLERANCE_SECONDS) * 1000 + KEY_CACHE_TTL_MILLIS
      const cache = new Map<string, Cached>()

      const reload = (projectId: string): Effect.Effect<ReadonlyArray<SigningKey>, DbError> =>
        Effect.gen(function* () {
          const generation = generationOf(projectId)
          const keys = (yield* withDb(listSigningKeys(projectId))).map(importSigningKey)
          const loadedAt = yield* Clock.currentTimeMillis
          if (keys.length > 0) cache.set(projectId, { keys, loadedAt, generation })
          return keys
        })

      const load = (projectId: string): Effect.Effect<ReadonlyArray<SigningKey>, DbError> =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          const cached = cache.get(projectId)
          return cached !== undefined &&
            now - cached.loadedAt < KEY_CACHE_TTL_MILLIS &&
            cached.generation === generationOf(projectId)
            ? Effect.succeed(cached.keys)
            : reload(projectId)
        })

      const ringOf = (keys: ReadonlyArray<SigningKey>, kind: AccessTokenKind) =>
        Effect.map(Clock.currentTimeMillis, (now) =>
          keyRing(
            keys.filter((key) => key.kind === kind),
            now,
            graceMillis
          )
        )

      /** The kind's ring with its current and next keys, made first when missing. */
      const completeRing = (projectId: string, kind: AccessTokenKind): Effect.Effect<KeyRing<SigningKey>, DbError> =>
        Effect.gen(function* () {
          const ring = yield* ringOf(yield* load(projectId), kind)
          if (ring?.next !== undefined) return ring
          const stored = ring === undefined ? [] : trustedKeys(ring).map((key) => key.generation)
          yield* withDb(completeGenerations(projectId, kind, stored))
          const completed = yield* ringOf(yield* reload(projectId), kind)
          return completed === undefined
            ? yield* Effect.die(new Error("signing keys vanished after they were stored"))
            : completed
        })

      const trusted = (keys: ReadonlyArray<SigningKey>, kid: string) =>
        Effect.gen(function* () {
          const key = keys.find((k) => k.kid === kid)
          if (key === undefined) return undefined
          const ring = yield* ringOf(keys, key.kind)
          return ring === undefined ? undefined : trustedKeys(ring).find((k) => k.kid === kid)
        })

      const verifier: SigningKeysShape["verifier"] = (projectId, kid) =>
        Effect.gen(function* () {
          const cached = yield* load(projectId)
          if (cached.some((key) => key.kid === kid)) return yield* trusted(cached, kid)
          return yield* trusted(yield* reload(projectId), kid)
        })

      return SigningKeys.of({
        signer: (projectId, kind = "normal") => Effect.map(completeRing(projectId, kind), (ring) => ring.current),
        verifier,
        jwks: (projectId, kinds = ["normal"]) =>
          Effect.map(
            Effect.forEach(kinds, (kind) => completeRing(projectId, kind)),
            (rings) => ({ keys: rings.flatMap(trustedKeys).map((key) => publishedJwk(key.publicJwk)) })
          ),
        rotate: (projectId) => Effect.andThen(withDb(rotateSigningKeys(projectId)), reload(projectId)),
        invalidate: (projectId) => Effect.sync(() => cache.delete(projectId))
      })
    })
  )
}
