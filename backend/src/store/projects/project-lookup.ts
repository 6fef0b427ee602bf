/**
 * Projects as the request path sees them. Every authenticated request needs the project and its key
 * sets; they come from the `ReadCache`, so they are read from the database only after a write. It sits in
 * `store/` so that the authentication and CORS middleware (`http/`) and the operations can both use it
 * without importing upwards (docs/architecture.md, "Who may import whom").
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { secretMatches } from "../../crypto/secrets.js"
import { type ApiKeySetRow, listApiKeySets } from "../users/api-keys.js"
import { loadOverrides } from "./config-overrides.js"
import { Db, type DbError } from "../db.js"
import { cacheKeys, ReadCache } from "../read-cache.js"
import { findProject, listAllTrustedDomains, type StoredProject } from "./projects.js"

/** The three kinds of project keys a request can carry. */
export type ProjectKeyKind = "publishableClientKey" | "secretServerKey" | "superSecretAdminKey"

export interface LoadedProject {
  readonly project: StoredProject
  readonly keySets: ReadonlyArray<ApiKeySetRow>
}

export interface ProjectsShape {
  readonly find: (projectId: string) => Effect.Effect<LoadedProject | undefined, DbError>
  /** True when some valid (unexpired, unrevoked) key set of the project holds this key. */
  readonly checkKey: (projectId: string, kind: ProjectKeyKind, key: string) => Effect.Effect<boolean, DbError>
  /** True when the project has at least one valid key set with a publishable client key. */
  readonly hasPublishableKey: (projectId: string) => Effect.Effect<boolean, DbError>
  /**
   * Whether client access needs a publishable client key (`project.requirePublishableClientKey`, a project-level
   * config override; off unless set). Read from the database each time: it is asked only of keyless requests.
   */
  readonly requiresPublishableKey: (projectId: string) => Effect.Effect<boolean, DbError>
  /** The trusted domains of every project, for CORS. */
  readonly trustedDomains: Effect.Effect<ReadonlyArray<string>, DbError>
}

const hashOf = (set: ApiKeySetRow, kind: ProjectKeyKind) =>
  kind === "publishableClientKey"
    ? set.publishableClientKeyHash
    : kind === "secretServerKey"
      ? set.secretServerKeyHash
      : set.superSecretAdminKeyHash

const isValid = (set: ApiKeySetRow, now: number) =>
  set.manuallyRevokedAt === null && (set.expiresAt === null || set.expiresAt.getTime() > now)

export class Projects extends Context.Service<Projects, ProjectsShape>()("stackfx-backend/Projects") {
  static readonly layer: Layer.Layer<Projects, never, Db | ReadCache> = Layer.effect(
    Projects,
    Effect.gen(function* () {
      const cache = yield* ReadCache
      const withDb = yield* Db.provider

      const find = (projectId: string): Effect.Effect<LoadedProject | undefined, DbError> =>
        cache.get(
          cacheKeys.project(projectId),
          withDb(
            Effect.gen(function* () {
              const project = yield* findProject(projectId)
              if (project === undefined) return undefined
              const keySets = yield* listApiKeySets(projectId)
              return { project, keySets }
            })
          )
        )

      const validSets = (projectId: string) =>
        Effect.flatMap(find(projectId), (loaded) =>
          Effect.map(Clock.currentTimeMillis, (now) =>
            loaded === undefined ? [] : loaded.keySets.filter((s) => isValid(s, now))
          )
        )

      return Projects.of({
        find,
        checkKey: (projectId, kind, key) =>
          Effect.map(validSets(projectId), (sets) => {
            // Every set is compared, so the time taken does not reveal which one matched.
            let matched = false
            for (const set of sets) matched = secretMatches(key, hashOf(set, kind)) || matched
            return matched
          }),
        hasPublishableKey: (projectId) =>
          Effect.map(validSets(projectId), (sets) => sets.some((s) => s.publishableClientKeyHash !== null)),
        requiresPublishableKey: (projectId) =>
          Effect.map(
            withDb(loadOverrides(projectId)),
            (overrides) => overrides.project["project.requirePublishableClientKey"] === true
          ),
        trustedDomains: cache.get(cacheKeys.trustedDomains, withDb(listAllTrustedDomains()))
      })
    })
  )
}
