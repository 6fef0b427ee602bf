/**
 * What the local backend accepts from a request before any route sees it: how big a body may be, how
 * deep its JSON may nest, how long a string and how large a metadata value may be, and which text
 * PostgreSQL cannot store. Checked once at the edge, so no route can write a value the database refuses
 * (which would be a 500) or keep an unbounded one.
 */
import { unstorableTextReason } from "../store/storable.js"

/**
 * The largest request body read, in bytes: the hosted service runs as functions whose platform refuses
 * bodies over 4.5 MB with 413.
 */
export const MAX_BODY_BYTES = 4_500_000

/**
 * The longest string accepted anywhere in a request, in UTF-16 code units: the hosted service's largest
 * bounded field (a profile image URL, which may be a data URL) allows 1,000,000 characters.
 */
export const MAX_STRING_LENGTH = 1_000_000

/**
 * The largest value of a metadata field, in bytes of its JSON. The hosted service sets no limit of its
 * own; this bounds what one request can add to a user's or team's row while leaving room for any
 * realistic use (settings, flags, small documents).
 */
export const MAX_METADATA_BYTES = 100_000

/** The metadata fields of user and team bodies. */
export const METADATA_FIELDS: ReadonlyArray<string> = [
  "client_metadata",
  "client_read_only_metadata",
  "server_metadata"
]

/**
 * The deepest JSON nesting accepted (objects and arrays; the body itself is level 1). Deeper values would
 * exhaust the stack of the validators and of PostgreSQL's jsonb parser.
 */
export const MAX_JSON_DEPTH = 64

/** At most this many problems are reported, so the error of a hostile body stays small. */
const MAX_PROBLEMS = 10

const textProblem = (text: string): string | undefined =>
  unstorableTextReason(text) ??
  (text.length > MAX_STRING_LENGTH ? `must be at most ${MAX_STRING_LENGTH} characters long` : undefined)

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? "", "utf8")

interface Pending {
  readonly value: unknown
  readonly key: string
  readonly parent: Pending | undefined
  readonly depth: number
}

// Keys can be long and nesting deep, so a path is only spelled out for a problem, with each key shortened.
const pathOf = (node: Pending): string => {
  const keys: Array<string> = []
  for (let at: Pending | undefined = node; at !== undefined; at = at.parent) {
    keys.push(at.key.length > 40 ? `${at.key.slice(0, 40)}…` : at.key)
  }
  return keys.reverse().join(".")
}

/**
 * Every problem with a decoded request part (`where` is "body", "query" or "params"), as
 * `path: message` lines; empty when it is fine. Walks the value without recursion, so no input can
 * overflow the stack here.
 */
export const inputProblems = (where: string, value: unknown): ReadonlyArray<string> => {
  // A set: siblings that nest too deep all report the same line.
  const problems = new Set<string>()
  const pending: Array<Pending> = [{ value, key: where, parent: undefined, depth: 1 }]
  for (let node = pending.pop(); node !== undefined && problems.size < MAX_PROBLEMS; node = pending.pop()) {
    const current = node.value
    if (typeof current === "string") {
      const problem = textProblem(current)
      if (problem !== undefined) problems.add(`${pathOf(node)}: ${problem}`)
      continue
    }
    if (typeof current === "number") {
      // JSON.parse turns a literal beyond the double range (1e400) into Infinity.
      if (!Number.isFinite(current)) problems.add(`${pathOf(node)}: must be a finite number`)
      continue
    }
    if (typeof current !== "object" || current === null) continue
    if (node.depth > MAX_JSON_DEPTH) {
      problems.add(`${where}: must not nest deeper than ${MAX_JSON_DEPTH} levels`)
      continue
    }
    for (const [key, child] of Object.entries(current)) {
      const keyProblem = textProblem(key)
      if (keyProblem !== undefined) problems.add(`${pathOf(node)}: a key ${keyProblem}`)
      pending.push({ value: child, key, parent: node, depth: node.depth + 1 })
    }
  }
  if (problems.size > 0) return [...problems]
  if (typeof value !== "object" || value === null || Array.isArray(value)) return []
  // Sizes only once the value is known to be shallow and finite, so measuring it is safe.
  return METADATA_FIELDS.flatMap((field) => {
    const metadata = (value as Record<string, unknown>)[field]
    return metadata !== undefined && jsonBytes(metadata) > MAX_METADATA_BYTES
      ? [`${where}.${field}: must be at most ${MAX_METADATA_BYTES} bytes of JSON`]
      : []
  })
}
