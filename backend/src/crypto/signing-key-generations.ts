/**
 * Storing a project's key generations, safe across processes: every key is inserted with `on conflict do
 * nothing` against the unique index on project, kind and generation (migration 0015), so two requests or two
 * instances that make one generation at once store one key, and both then read it from the database. No
 * lock in any process is needed, and none would help another process.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { AccessTokenKind } from "@stackfx/lib/domain/jwt.js"
import type { DbEffect } from "../store/db.js"
import { insertSigningKeyUnlessTaken, listSigningKeys } from "../store/auth/signing-keys.js"
import { generateSigningJwks } from "./signing-key-material.js"

/** Stores a new key as this generation unless another one got there first; true when this one is stored. */
const storeGeneration = (projectId: string, kind: AccessTokenKind, generation: number): DbEffect<boolean> =>
  Effect.gen(function* () {
    const material = yield* generateSigningJwks
    const createdAt = new Date(yield* Clock.currentTimeMillis)
    return yield* insertSigningKeyUnlessTaken({ projectId, kind, generation, createdAt, ...material })
  })

const KINDS: ReadonlyArray<AccessTokenKind> = ["normal", "restricted", "anonymous"]

const newestGeneration = (generations: ReadonlyArray<number>): number => Math.max(0, ...generations)

/**
 * Makes the kind's current and next keys where they are missing: generations 1 and 2 of a kind without a
 * key; the one above for a kind stored with a single key (a database from before migration 0015), whose key
 * keeps signing. `stored` is what the caller read of this kind; a generation someone else stored since is
 * left as theirs.
 */
export const completeGenerations = (
  projectId: string,
  kind: AccessTokenKind,
  stored: ReadonlyArray<number>
): DbEffect<void> => {
  if (stored.length >= 2) return Effect.void
  const newest = newestGeneration(stored)
  const missing = stored.length === 0 ? [1, 2] : [newest + 1]
  return Effect.forEach(missing, (generation) => storeGeneration(projectId, kind, generation), { discard: true })
}

const generationsOf = (projectId: string, kind: AccessTokenKind) =>
  Effect.map(listSigningKeys(projectId), (rows) => rows.filter((row) => row.kind === kind).map((r) => r.generation))

/**
 * Promotes each kind's next key and makes a new next one: a new generation above the newest. Two rotations
 * of one project at once store one generation (the loser's insert finds it taken), so they rotate once.
 */
export const rotateSigningKeys = (projectId: string): DbEffect<void> =>
  Effect.forEach(
    KINDS,
    (kind) =>
      Effect.gen(function* () {
        yield* completeGenerations(projectId, kind, yield* generationsOf(projectId, kind))
        const generations = yield* generationsOf(projectId, kind)
        yield* storeGeneration(projectId, kind, newestGeneration(generations) + 1)
      }),
    { discard: true }
  )
