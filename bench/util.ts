/** Helpers shared by the benchmarks: paths, statistics, machine facts. */
import { cpus, freemem, loadavg, release, totalmem, type } from "node:os"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { LOCAL_DEVELOPMENT_KEYS } from "../src/domain/local-keys.js"

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")

/** The seeded project of the local backend (project `internal` and WIRE.md's development keys). */
export const project = {
  id: LOCAL_DEVELOPMENT_KEYS.projectId,
  publishableClientKey: LOCAL_DEVELOPMENT_KEYS.publishableClientKey
} as const

/** The p-th quantile (0..1) of ascending numbers. */
export const quantile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN)

export const median = (values: ReadonlyArray<number>): number =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5
  )

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms))

/** Resolves with `promise`, or rejects after `ms` so that no benchmark can hang the suite. */
export const within = <A>(ms: number, what: string, promise: Promise<A>): Promise<A> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

let emailCounter = 0
export const uniqueEmail = (prefix: string): string =>
  `${prefix}-${Date.now().toString(36)}-${++emailCounter}@example.test`

/** A JWT-shaped string the client can read `exp` from; the backend never sees it (see stampede.ts). */
export const unsignedJwt = (payload: Record<string, unknown>): string => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
  return `${part({ alg: "ES256", typ: "JWT" })}.${part(payload)}.c2lnbmF0dXJl`
}

export interface MachineFacts {
  readonly cpuModel: string
  readonly cores: number
  readonly memoryGiB: number
  readonly freeMemoryGiB: number
  readonly loadAverage1m: number
  readonly node: string
  readonly os: string
}

export const machineFacts = (): MachineFacts => {
  const cpu = cpus()
  return {
    cpuModel: cpu[0]?.model.trim() ?? "unknown",
    cores: cpu.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGiB: Math.round((freemem() / 2 ** 30) * 10) / 10,
    loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    node: process.version,
    os: `${type()} ${release()}`
  }
}
