/** Small helpers shared by the benchmarks. */
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")

/** The p-th quantile (0..1) of sorted numbers. */
export const quantile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN

export const median = (values: ReadonlyArray<number>): number => quantile([...values].sort((a, b) => a - b), 0.5)
