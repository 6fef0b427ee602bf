/**
 * Repository of `config_overrides`: per project and level, the config override an admin wrote, as a JSON
 * object of dotted leaf paths (`{ "auth.signUpRules.r1.action.type": "reject" }`).
 */
import * as Effect from "effect/Effect"
import { Db, type DbEffect } from "../db.js"

/** The levels of the service's config overrides, lowest precedence first. */
export const CONFIG_LEVELS = ["project", "branch", "environment"] as const
export type ConfigLevel = (typeof CONFIG_LEVELS)[number]

/** A config value at a leaf path: the config schema has no arrays, only records of scalars. */
export type ConfigLeaf = string | number | boolean | null

/** An override flattened to leaf paths. */
export type FlatOverride = Readonly<Record<string, ConfigLeaf>>

const isLeaf = (value: unknown): value is ConfigLeaf =>
  value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean"

/** Every level's override of the project; a level nobody wrote is `{}`. */
export const loadOverrides = (projectId: string): DbEffect<Record<ConfigLevel, FlatOverride>> =>
  Effect.map(Db.query("select level, override from config_overrides where project_id = $1", [projectId]), (rows) => {
    const out: Record<ConfigLevel, FlatOverride> = { project: {}, branch: {}, environment: {} }
    for (const row of rows) {
      const level = CONFIG_LEVELS.find((l) => l === row["level"])
      const stored = row["override"]
      if (level === undefined || typeof stored !== "object" || stored === null) continue
      // Only leaves were ever written (operations/config/override-parsing.ts flattens before saving).
      out[level] = Object.fromEntries(
        Object.entries(stored).filter((entry): entry is [string, ConfigLeaf] => isLeaf(entry[1]))
      )
    }
    return out
  })

export const saveOverride = (projectId: string, level: ConfigLevel, override: FlatOverride): DbEffect<void> =>
  Db.run(
    `insert into config_overrides (project_id, level, override) values ($1, $2, $3)
       on conflict (project_id, level) do update set override = excluded.override`,
    [projectId, level, JSON.stringify(override)]
  )

/** Where the branch-level config was pushed from, as the service keeps it (`null`: never set, or unlinked). */
export const loadBranchSource = (projectId: string): DbEffect<unknown> =>
  Effect.map(
    Db.query("select source from config_overrides where project_id = $1 and level = 'branch'", [projectId]),
    (rows) => rows[0]?.["source"] ?? null
  )

/** Sets where the branch-level config came from; the branch row is made (with an empty override) if missing. */
export const saveBranchSource = (projectId: string, source: unknown): DbEffect<void> =>
  Db.run(
    `insert into config_overrides (project_id, level, source) values ($1, 'branch', $2)
       on conflict (project_id, level) do update set source = excluded.source`,
    [projectId, JSON.stringify(source)]
  )
