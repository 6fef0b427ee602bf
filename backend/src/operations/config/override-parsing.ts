/**
 * An override as admins write it (`/internal/config/override/{level}`): its JSON parsed and checked against
 * the known keys (config-keys.ts) into the leaves it writes, and the service's merge of overrides.
 */
import * as Effect from "effect/Effect"
import { Refused } from "../../errors/refused.js"
import {
  CONFIG_LEVELS,
  type ConfigLeaf,
  type ConfigLevel,
  type FlatOverride
} from "../../store/projects/config-overrides.js"
import { CONTAINERS, specOf } from "./config-keys.js"
import { under } from "./config-records.js"

const badRequest = (message: string) => new Refused({ reason: "invalid", message })

/** One top-level key of an override and the leaves it writes (`{}` writes none: it clears the key). */
export interface Written {
  readonly key: string
  readonly leaves: ReadonlyArray<readonly [string, ConfigLeaf]>
}

/**
 * The deepest an override may nest (the body object is level 1). The deepest key the local backend knows,
 * `auth.signUpRules.<id>.action.type`, is 5; this leaves room for the service's deeper keys while keeping
 * `flatten`'s recursion, and the paths it builds, small.
 */
export const MAX_OVERRIDE_DEPTH = 64

/** Whether a parsed override nests deeper than `MAX_OVERRIDE_DEPTH`; walks it without recursion. */
const nestsTooDeeply = (value: unknown): boolean => {
  const pending: Array<readonly [unknown, number]> = [[value, 1]]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next
    if (typeof current !== "object" || current === null) continue
    if (depth > MAX_OVERRIDE_DEPTH) return true
    for (const child of Object.values(current)) pending.push([child, depth + 1])
  }
  return false
}

const flatten = (prefix: string, value: unknown, out: Array<readonly [string, ConfigLeaf]>): string | undefined => {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    out.push([prefix, value])
    return undefined
  }
  if (typeof value !== "object" || Array.isArray(value))
    return `${prefix} must be an object, a string, a number, a boolean or null`
  for (const [key, inner] of Object.entries(value)) {
    const problem = flatten(`${prefix}.${key}`, inner, out)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** Parses and checks an override written at `level`; the message of a plain 400 when it is refused. */
export const parseOverride = (text: string, level: ConfigLevel): Effect.Effect<ReadonlyArray<Written>, Refused> =>
  Effect.gen(function* () {
    const parsed = yield* Effect.try({
      try: (): unknown => JSON.parse(text),
      catch: () => badRequest("Invalid config JSON")
    })
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return yield* Effect.fail(badRequest("The config override must be a JSON object"))
    }
    if (nestsTooDeeply(parsed)) {
      return yield* Effect.fail(
        badRequest(`The config override nests deeper than ${MAX_OVERRIDE_DEPTH} levels, the local backend's limit`)
      )
    }
    const written: Array<Written> = []
    for (const [key, value] of Object.entries(parsed)) {
      const leaves: Array<readonly [string, ConfigLeaf]> = []
      const problem = flatten(key, value, leaves)
      if (problem !== undefined) return yield* Effect.fail(badRequest(problem))
      for (const [path, leaf] of leaves) {
        // `null` above the leaves (a whole sign-up rule, a section) resets everything under it.
        if (leaf === null && CONTAINERS.some((container) => container.test(path))) continue
        const spec = specOf(path)
        if (spec === undefined) {
          return yield* Effect.fail(badRequest(`The local backend does not know the config key ${path}`))
        }
        if (!spec.levels.includes(level)) {
          return yield* Effect.fail(badRequest(`The config key ${path} cannot be overridden at the ${level} level`))
        }
        if (leaf !== null && !spec.check(leaf)) {
          return yield* Effect.fail(badRequest(`Invalid value for the config key ${path}: ${JSON.stringify(leaf)}`))
        }
      }
      written.push({ key, leaves })
    }
    return written
  })

/** The service's override merge: a key written replaces everything at and under it (and a leaf above it). */
export const mergeOverride = (stored: FlatOverride, written: ReadonlyArray<Written>): Record<string, ConfigLeaf> => {
  const next: Record<string, ConfigLeaf> = { ...stored }
  for (const { key, leaves } of written) {
    for (const path of Object.keys(next)) if (under(path, key) || under(key, path)) delete next[path]
    for (const [path, value] of leaves) next[path] = value
  }
  return next
}

/** The stored overrides merged, later levels winning. */
export const mergedOverrides = (overrides: Readonly<Record<ConfigLevel, FlatOverride>>): Record<string, ConfigLeaf> => {
  let merged: Record<string, ConfigLeaf> = {}
  for (const level of CONFIG_LEVELS)
    merged = mergeOverride(
      merged,
      Object.entries(overrides[level]).map(([key, value]) => ({ key, leaves: [[key, value]] }))
    )
  return merged
}
