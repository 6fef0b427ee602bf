/**
 * Writing the overrides (`PATCH`, `PUT` and reset of `/internal/config/override/{level}`, the branch's source)
 * and reading one level back. A mapped key is written through to the stored project, which stays the only
 * place its value is read from (project-config.ts).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { BranchConfigSource } from "@stackfx/lib/domain/project-config.js"
import type { Refused } from "../../errors/refused.js"
import {
  type ConfigLevel,
  type FlatOverride,
  loadBranchSource,
  loadOverrides,
  saveBranchSource,
  saveOverride
} from "../../store/projects/config-overrides.js"
import { Db, type DbEffect } from "../../store/db.js"
import { lockProject, saveProject, type StoredProject } from "../../store/projects/projects.js"
import { DEFAULT_PERMISSION_KEY, setDefaultPermission, specOf } from "./config-keys.js"
import { deriveTouched, materializeTouched, replaceRecordsOnUpdate, type Touched, under } from "./config-records.js"
import { mergedOverrides, mergeOverride, parseOverride } from "./override-parsing.js"

/** The stored project with every mapped key of `override` applied (null resets to the service's default). */
const applyMapped = (project: StoredProject, override: FlatOverride): StoredProject => {
  let next = project
  for (const [path, value] of Object.entries(override)) {
    if (DEFAULT_PERMISSION_KEY.test(path)) next = setDefaultPermission(next, path, value)
    else {
      const mapped = specOf(path)?.mapped
      if (mapped !== undefined) next = mapped.set(next, value)
    }
  }
  return next
}

/**
 * Writes one level's override: the records the write touches are materialized first (config-records.ts), the
 * change is applied, then the mapped keys and the touched records are written through to the stored project.
 */
const writeOverride = (
  projectId: string,
  level: ConfigLevel,
  touched: Touched,
  change: (stored: FlatOverride) => {
    readonly next: FlatOverride
    readonly applied: FlatOverride
  }
) =>
  Db.transaction(
    Effect.gen(function* () {
      const project = yield* lockProject(projectId)
      if (project === undefined) return
      const loaded = yield* loadOverrides(projectId)
      const environment = materializeTouched(project, loaded, touched)
      if (environment !== loaded.environment) yield* saveOverride(projectId, "environment", environment)
      const overrides = { ...loaded, environment }
      const { next, applied } = change(overrides[level])
      yield* saveOverride(projectId, level, next)
      const merged = mergedOverrides({ ...overrides, [level]: next })
      const updated = deriveTouched(applyMapped(project, applied), merged, touched)
      if (updated !== project) yield* saveProject(updated)
    })
  )

/** `PATCH /internal/config/override/{level}`: merges `text` (a JSON object) into the level's override. */
export const patchConfigOverride = (projectId: string, level: ConfigLevel, text: string): DbEffect<void, Refused> =>
  Effect.flatMap(parseOverride(text, level), (written) =>
    writeOverride(projectId, level, { keys: written.map((w) => w.key) }, (stored) => ({
      next: mergeOverride(stored, written),
      // A key written and every mapped key it cleared: cleared ones go back to their defaults.
      applied: {
        ...Object.fromEntries(
          Object.keys(stored)
            .filter((path) => written.some((w) => under(path, w.key) || under(w.key, path)))
            .map((path) => [path, null])
        ),
        ...Object.fromEntries(written.flatMap((w) => w.leaves))
      }
    }))
  )

/**
 * `PUT /internal/config/override/{level}`: replaces the level's override with `text`. Mapped keys the old
 * override set and the new one does not go back to their defaults.
 */
export const replaceConfigOverride = (projectId: string, level: ConfigLevel, text: string): DbEffect<void, Refused> =>
  Effect.flatMap(parseOverride(text, level), (written) =>
    writeOverride(projectId, level, { wholeLevel: level }, (stored) => {
      const next = mergeOverride({}, written)
      return {
        next,
        applied: { ...Object.fromEntries(Object.keys(stored).map((path) => [path, null])), ...next }
      }
    })
  )

/**
 * `POST /internal/config/override/{level}/reset-keys`: the level's override without `keys` and everything
 * under them (the service's rule: resetting `a.b` resets `a.b.c` too, and leaves `a` or `a.c` alone). Mapped
 * keys that go back to their defaults.
 */
export const resetConfigKeys = (projectId: string, level: ConfigLevel, keys: ReadonlyArray<string>): DbEffect<void> =>
  writeOverride(projectId, level, { keys }, (stored) => {
    const removed = Object.keys(stored).filter((path) => keys.some((key) => under(path, key)))
    return {
      next: Object.fromEntries(Object.entries(stored).filter(([path]) => !removed.includes(path))),
      applied: Object.fromEntries(removed.map((path) => [path, null]))
    }
  })

/** Where the branch config was pushed from: what a branch PUT said, `unlinked` when never said or unlinked. */
export const readBranchSource = (projectId: string): DbEffect<BranchConfigSource> =>
  Effect.map(loadBranchSource(projectId), (stored) => {
    const decoded = Schema.decodeUnknownOption(BranchConfigSource)(stored)
    return decoded._tag === "Some" ? decoded.value : { type: "unlinked" as const }
  })

/** Stores where the branch config came from (a branch PUT's `source`; `unlinked` from DELETE /internal/config/source). */
export const writeBranchSource = (projectId: string, source: BranchConfigSource): DbEffect<void> =>
  saveBranchSource(projectId, Schema.encodeSync(BranchConfigSource)(source))

/** `GET /internal/config/override/{level}`: the level's override as written (dotted leaf paths). */
export const readConfigOverride = (projectId: string, level: ConfigLevel): DbEffect<FlatOverride> =>
  Effect.map(loadOverrides(projectId), (overrides) => overrides[level])

/**
 * A project update's domains and providers in the overrides (config-records.ts `replaceRecordsOnUpdate`): the
 * project to save, with its lists made again where an override holds them.
 */
export const syncRecordsOnUpdate = (
  project: StoredProject,
  written: { readonly domains: boolean; readonly providers: boolean }
): DbEffect<StoredProject> =>
  !written.domains && !written.providers
    ? Effect.succeed(project)
    : Effect.gen(function* () {
        const overrides = yield* loadOverrides(project.id)
        const synced = replaceRecordsOnUpdate(project, overrides, written, mergedOverrides)
        if (synced.environment !== undefined) yield* saveOverride(project.id, "environment", synced.environment)
        return synced.project
      })
