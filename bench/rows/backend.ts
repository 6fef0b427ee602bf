/** The local backend's rows: requests per second under load, start-up times, and two instances on one database. */
import type { LoadResult, LoadResults, StartupResults } from "../backend-load.js"
import type { ScaleOutResults } from "../scale-out.js"
import { atLeast, atMost, ms, type Row, times } from "./row.js"

const loadValue = (r: LoadResult) => `${r.rps} req/s, p50 ${ms(r.p50Ms)}, p99 ${ms(r.p99Ms)}`
const loadNote = (r: LoadResult) =>
  `${r.ok} ok, ${r.failed} failed in ${r.seconds} s at concurrency ${r.concurrency}` +
  (r.serverCpuMsPerRequest === undefined ? "" : `; server CPU ${r.serverCpuMsPerRequest} ms per request`)

export const loadRows = (l: LoadResults): Array<Row> => [
  {
    id: "5",
    figure: "local backend, GET /users/me at concurrency 32",
    value: loadValue(l.usersMe),
    goal: ">= 1,500 req/s",
    result: l.usersMe.failed > 0 ? "fail" : atLeast(l.usersMe.rps, 1500),
    note: loadNote(l.usersMe)
  },
  {
    id: "5",
    figure: "local backend, GET /users/me with 10 % writes (PATCH /users/me of another user) at concurrency 32",
    value: loadValue(l.mixedReads),
    goal: "",
    result: l.mixedReads.failed + l.mixedWrites.failed > 0 ? "fail" : "info",
    note: `${loadNote(l.mixedReads)}; writes ${loadValue(l.mixedWrites)}, ${l.mixedWrites.ok} ok, ${l.mixedWrites.failed} failed`
  },
  {
    id: "5",
    figure: "local backend, password sign-in at concurrency 32",
    value: loadValue(l.passwordSignIn),
    goal: "",
    result: l.passwordSignIn.failed > 0 ? "fail" : "info",
    note: loadNote(l.passwordSignIn)
  }
]

export const startupRows = (s: StartupResults): Array<Row> => [
  {
    id: "5",
    figure: `start-up, existing PGlite directory (median of ${s.existingDirectoryMs.length})`,
    value: ms(s.existingDirectoryMedianMs),
    goal: "<= 1,500 ms",
    result: atMost(s.existingDirectoryMedianMs, 1500),
    note: `all: ${s.existingDirectoryMs.map((v) => v.toFixed(0)).join(", ")} ms`
  },
  {
    id: "5",
    figure: `start-up, new in-memory database (median of ${s.memoryMs.length})`,
    value: ms(s.memoryMedianMs),
    goal: "<= 2,000 ms",
    result: atMost(s.memoryMedianMs, 2000),
    note: `all: ${s.memoryMs.map((v) => v.toFixed(0)).join(", ")} ms`
  },
  {
    id: "5",
    figure: "resident memory, idle on a new in-memory database",
    value: s.idleResidentMb === undefined ? "n/a" : `${s.idleResidentMb.toFixed(0)} MB`,
    goal: "<= 250 MB",
    result: s.idleResidentMb === undefined ? "info" : atMost(s.idleResidentMb, 250),
    note: "PGlite's WebAssembly heap is at least 128 MB (its module declares 2,048 pages) and grows to about 240 MB once the database is created"
  },
  {
    id: "5",
    figure: "start-up, new PGlite directory",
    value: ms(s.newDirectoryMs),
    goal: "",
    result: "info",
    note: `first start of this run (rebuilds the CLI bundle when src/ changed): ${s.firstStartMs.toFixed(0)} ms`
  }
]

export const scaleOutRows = (s: ScaleOutResults): Array<Row> => [
  {
    id: "7",
    figure: `two instances on one PostgreSQL: config change seen on the other, p99 of ${s.rounds}`,
    value: ms(s.stalenessP99Ms),
    goal: "<= 100 ms",
    result: atMost(s.stalenessP99Ms, 100),
    note: `p50 ${ms(s.stalenessP50Ms)}, max ${ms(s.stalenessMaxMs)}, from the writer's answer to the other's first new answer`
  },
  {
    id: "7",
    figure: "GET /users/me at concurrency 32 on one PostgreSQL: two instances against one",
    value: `${s.twoInstances.rps} vs ${s.oneInstance.rps} req/s`,
    goal: "",
    result: s.oneInstance.failed + s.twoInstances.failed > 0 ? "fail" : "info",
    note: `${times(s.twoInstances.rps / Math.max(1, s.oneInstance.rps))}; p99 ${ms(s.twoInstances.p99Ms)} vs ${ms(s.oneInstance.p99Ms)}; generator, PostgreSQL and instances share the cores`
  }
]
