/** Turns the benchmarks' results into the table rows of `npm run bench` (figure, value, goal, result). */
import type { LoadResult, LoadResults, StartupResults } from "./backend-load.js"
import type { TestkitResults } from "./testkit.js"
import type { KitExampleResults, KitRun } from "./kit-example.js"
import type { ScaleOutResults } from "./scale-out.js"
import { type BundleOutcome, type BundleSize, isMeasured, parts } from "./bundles.js"
import type { FanoutResult, FanoutResults } from "./fanout.js"
import type { OverheadResults } from "./overhead.js"
import type { PageViewCount, SsrPageResults } from "./ssr-pages.js"
import type { StampedeResult, StampedeResults } from "./stampede.js"

export interface Details {
  bundles?: Readonly<Record<string, BundleOutcome>>
  stampede?: StampedeResults
  fanout?: FanoutResults
  ssr?: SsrPageResults
  overhead?: OverheadResults
  startup?: StartupResults
  load?: LoadResults
  testkit?: TestkitResults
  kitExample?: KitExampleResults
  scaleOut?: ScaleOutResults
}

export type Verdict = "pass" | "fail" | "info" | "error"

export interface Row {
  readonly id: string
  readonly figure: string
  readonly value: string
  readonly goal: string
  readonly result: Verdict
  readonly note?: string
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`
const us = (valueMs: number) => `${(valueMs * 1000).toFixed(0)} µs`
const times = (ratio: number) => `${ratio.toFixed(2)}x`
const atMost = (value: number, goal: number): Verdict => (value <= goal ? "pass" : "fail")
const atLeast = (value: number, goal: number): Verdict => (value >= goal ? "pass" : "fail")

const bundleRows = (sizes: Readonly<Record<string, BundleOutcome>>): Array<Row> => {
  const rows: Array<Row> = []
  const size = (id: string) => {
    const outcome = sizes[id]
    return isMeasured(outcome) ? outcome.gzipBytes : undefined
  }
  // The initial load's largest areas. Above a baseline (the React figure) the baseline's area is left out and the
  // others are scaled to the figure: in one chunk react's code and the rest share the gzip window.
  const areasNote = (outcome: BundleSize, above?: { readonly area: string; readonly bytes: number }): string => {
    const areas = (outcome.initialAreas ?? []).filter((a) => a.area !== above?.area)
    const total = areas.reduce((sum, a) => sum + a.gzipBytes, 0)
    const scale = above === undefined || total === 0 ? 1 : above.bytes / total
    const shown = areas.slice(0, 6).map((a) => `${a.area} ${kb(a.gzipBytes * scale)}`)
    return shown.length === 0 ? "" : `; by area (approx.): ${shown.join(", ")}`
  }
  const lazyNote = (
    id: string,
    above?: { readonly area: string; readonly bytes: number }
  ): { readonly note?: string } => {
    const outcome = sizes[id]
    return isMeasured(outcome) && outcome.lazyChunks > 0
      ? {
          note: `initial load; ${outcome.lazyChunks} more chunk(s), ${kb(outcome.lazyGzipBytes)}, load on first use${areasNote(outcome, above)}`
        }
      : {}
  }
  const missing = (id: string, figure: string, goal = "") =>
    rows.push({ id, figure, value: "build failed", goal, result: "error" })

  const client = size("stackfx-client")
  const officialClient = size("official-client")
  if (client === undefined) missing("1a", "bundle, client tier + current user: stackfx", "<= 35 KB")
  else
    rows.push({
      id: "1a",
      figure: "bundle, client tier + current user: stackfx",
      value: kb(client),
      goal: "<= 35 KB",
      result: atMost(client / 1024, 35),
      ...lazyNote("stackfx-client")
    })
  if (officialClient === undefined) missing("1a", "bundle, client + getUser(): @stackframe/js")
  else {
    rows.push({
      id: "1a",
      figure: "bundle, client + getUser(): @stackframe/js",
      value:
        client === undefined ? kb(officialClient) : `${kb(officialClient)} (${times(officialClient / client)} stackfx)`,
      goal: "",
      result: "info"
    })
  }

  const baseline = size("react-baseline")
  const react = size("stackfx-react")
  const officialReact = size("official-react")
  const above = (total: number | undefined) =>
    total === undefined || baseline === undefined ? undefined : total - baseline
  const reactAbove = above(react)
  const officialAbove = above(officialReact)
  if (reactAbove === undefined || react === undefined)
    missing("1b", "bundle, React + user button above baseline: stackfx", "<= 45 KB")
  else {
    rows.push({
      id: "1b",
      figure: "bundle, React + user button above baseline: stackfx",
      value: `${kb(reactAbove)} (total ${kb(react)})`,
      goal: "<= 45 KB",
      result: atMost(reactAbove / 1024, 45),
      ...lazyNote("stackfx-react", { area: "react", bytes: reactAbove })
    })
  }
  if (officialAbove === undefined || officialReact === undefined)
    missing("1b", "bundle, React + user button above baseline: @stackframe/react")
  else {
    rows.push({
      id: "1b",
      figure: "bundle, React + user button above baseline: @stackframe/react",
      value: `${kb(officialAbove)} (total ${kb(officialReact)})`,
      goal: "",
      result: "info"
    })
  }
  // The same two programs bundled by esbuild with code splitting, for information (see bench/bundles.ts, `Bundler`).
  const esbuildClient = size("esbuild:stackfx-client")
  const esbuildReact = size("esbuild:stackfx-react")
  const esbuildBaseline = size("esbuild:react-baseline")
  if (esbuildClient !== undefined)
    rows.push({
      id: "1a",
      figure: "bundle, client tier + current user: stackfx, esbuild with code splitting",
      value: kb(esbuildClient),
      goal: "",
      result: "info"
    })
  if (esbuildReact !== undefined && esbuildBaseline !== undefined)
    rows.push({
      id: "1b",
      figure: "bundle, React + user button above baseline: stackfx, esbuild with code splitting",
      value: `${kb(esbuildReact - esbuildBaseline)} (total ${kb(esbuildReact)})`,
      goal: "",
      result: "info"
    })
  if (baseline === undefined) missing("1c", "bundle, baseline react + react-dom/client")
  else
    rows.push({
      id: "1c",
      figure: "bundle, baseline react + react-dom/client",
      value: kb(baseline),
      goal: "",
      result: "info"
    })

  for (const part of parts) {
    const bytes = size(part.id)
    if (bytes === undefined) missing("1", `bundle, ${part.name}`)
    else rows.push({ id: "1", figure: `bundle, ${part.name}`, value: kb(bytes), goal: "", result: "info" })
  }
  return rows
}

const stampedeRow = (figure: string, result: StampedeResult, goal: number | undefined): Row => ({
  id: "2",
  figure,
  value: `${result.refreshRequests} refresh${result.refreshRequests === 1 ? "" : "es"}`,
  goal: goal === undefined ? "" : `${goal}`,
  result: goal === undefined ? "info" : atMost(result.refreshRequests, goal),
  note: `${result.callersWithFreshToken}/${result.callers} callers got a fresh token${result.note === undefined ? "" : `; ${result.note}`}`
})

const stampedeRows = (s: StampedeResults): Array<Row> => [
  stampedeRow("stampede, 100 concurrent getAccessToken, expired token, one runtime", s.oneRuntime, 1),
  stampedeRow("stampede, 4 tabs x 25 getAccessToken, shared cookie store, on demand", s.fourTabsOnDemand, 1),
  stampedeRow("stampede, 4 tabs, tab sync's refresh ahead of expiry (shared lock)", s.fourTabsAhead, 1),
  "error" in s.official
    ? {
        id: "2",
        figure: "stampede, 100 concurrent user.getAccessToken(): @stackframe/js",
        value: "failed",
        goal: "",
        result: "error",
        note: s.official.error
      }
    : stampedeRow("stampede, 100 concurrent user.getAccessToken(): @stackframe/js", s.official, undefined)
]

const fanoutRow = (figure: string, result: FanoutResult | { readonly error: string }, goal: number | undefined): Row =>
  "error" in result
    ? {
        id: "3",
        figure,
        value: "failed",
        goal: goal === undefined ? "" : `${goal}`,
        result: "error",
        note: result.error
      }
    : {
        id: "3",
        figure,
        value: `${result.userRequests} GET /users/me`,
        goal: goal === undefined ? "" : `${goal}`,
        result: goal === undefined ? "info" : atMost(result.userRequests, goal),
        note:
          `all API requests of the cold load: ${JSON.stringify(result.requests)}` +
          (result.pageErrors.length > 0 ? `; page errors: ${result.pageErrors.join(" | ").slice(0, 300)}` : "")
      }

const fanoutRows = (f: FanoutResults): Array<Row> => [
  fanoutRow(`fan-out, ${componentsOf(f.oneBoundary)} useUser() readers, one Suspense boundary`, f.oneBoundary, 1),
  fanoutRow(`fan-out, ${componentsOf(f.boundaryEach)} useUser() readers, a boundary each`, f.boundaryEach, 1),
  fanoutRow("fan-out, 50 useUser() readers: @stackframe/react", f.official, undefined)
]

const componentsOf = (result: FanoutResult) => result.components

const ssrRow = (figure: string, count: PageViewCount, goal: number | undefined, more = ""): Row => ({
  id: "6",
  figure,
  value: `${count.maxRequests} request(s)`,
  goal: goal === undefined ? "" : `<= ${goal}`,
  result: goal === undefined ? "info" : atMost(count.maxRequests, goal),
  note: `${more}most of 5 views; the last: ${JSON.stringify(count.lastView)}`
})

const ssrRows = (s: SsrPageResults): Array<Row> => [
  ssrRow("server-rendered page, signed in, fresh token: reads the session only", s.sessionOnly, 0),
  ssrRow("server-rendered page, signed in, fresh token: reads the full user (snapshot)", s.fullUser, 1),
  ssrRow("server-rendered page, signed in, fresh token: the example's dashboard (user, teams)", s.dashboard, undefined),
  ssrRow(
    "server-rendered page, signed in, fresh token: account settings (its costliest section)",
    s.accountSettings,
    4,
    `by section ${JSON.stringify(s.accountSettingsBySection)}; `
  )
]

const overheadRows = (o: OverheadResults): Array<Row> => {
  const { loopback: l, clientOnly: c } = o
  const calls = l.stats.stackfx.calls
  return [
    {
      id: "4",
      figure: `per call, ${calls} sequential reads each: raw fetch GET /users/me`,
      value: `${ms(l.stats.raw.p50Ms)} median, ${ms(l.stats.raw.meanMs)} mean`,
      goal: "",
      result: "info",
      note:
        `p99 ${ms(l.stats.raw.p99Ms)}, beside stackfx; beside the official SDK ${ms(l.rawBesideOfficial.p50Ms)} median ` +
        `(each client is measured in a pass of its own, alternating call by call with raw fetch)`
    },
    {
      id: "4",
      figure: "per call: stackfx CurrentUser.get / raw fetch",
      value: `${times(l.medianRatio.stackfx)} (mean ${times(l.meanRatio.stackfx)})`,
      goal: "<= 1.1x",
      result: atMost(l.medianRatio.stackfx, 1.1),
      note: `stackfx ${ms(l.stats.stackfx.p50Ms)} median, ${ms(l.stats.stackfx.meanMs)} mean, p99 ${ms(l.stats.stackfx.p99Ms)}`
    },
    {
      id: "4",
      figure: "per call: @stackframe/js getUser({ tokenStore }) / raw fetch",
      value: `${times(l.medianRatio.officialPublic)} (mean ${times(l.meanRatio.officialPublic)})`,
      goal: "",
      result: "info",
      note: `${ms(l.stats.officialPublic.p50Ms)} median; a fresh session per call, so never cached or throttled`
    },
    {
      id: "4",
      figure: "per call: @stackframe/js cache-miss path / raw fetch",
      value: `${times(l.medianRatio.officialCacheMiss)} (mean ${times(l.meanRatio.officialCacheMiss)})`,
      goal: "",
      result: "info",
      note: `${ms(l.stats.officialCacheMiss.p50Ms)} median; getClientUserByToken + _currentUserFromCrud on one session`
    },
    {
      id: "4",
      figure: "per call: @stackframe/js getUser() on one session",
      value: `${ms(o.officialGetUser.p50Ms)} median`,
      goal: "",
      result: "info",
      note: `${o.officialGetUser.calls} calls; its cache refetches through a limiter of one fetch per 300 ms`
    },
    {
      id: "4",
      figure: "client cost per call, fetch stubbed: raw / stackfx / js public / js cache-miss",
      value: `${us(c.stats.raw.p50Ms)} / ${us(c.stats.stackfx.p50Ms)} / ${us(c.stats.officialPublic.p50Ms)} / ${us(c.stats.officialCacheMiss.p50Ms)}`,
      goal: "",
      result: "info",
      note:
        `medians of ${c.stats.raw.calls} calls each; means ${us(c.stats.raw.meanMs)} / ${us(c.stats.stackfx.meanMs)} / ` +
        `${us(c.stats.officialPublic.meanMs)} / ${us(c.stats.officialCacheMiss.meanMs)}`
    }
  ]
}

const loadValue = (r: LoadResult) => `${r.rps} req/s, p50 ${ms(r.p50Ms)}, p99 ${ms(r.p99Ms)}`
const loadNote = (r: LoadResult) =>
  `${r.ok} ok, ${r.failed} failed in ${r.seconds} s at concurrency ${r.concurrency}` +
  (r.serverCpuMsPerRequest === undefined ? "" : `; server CPU ${r.serverCpuMsPerRequest} ms per request`)

const loadRows = (l: LoadResults): Array<Row> => [
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

const startupRows = (s: StartupResults): Array<Row> => [
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

const kitRunNote = (run: KitRun) => `${run.tests} tests in ${run.files} files; wall time depends on the machine's load`

const kitExampleRows = (k: KitExampleResults): Array<Row> => [
  {
    id: "6",
    figure:
      "testing kit example (examples/testing) in an app that installed the packed packages, a run after its first, wall time",
    value: ms(k.installed.next.wallMs),
    goal: "<= 5000 ms",
    result: atMost(k.installed.next.wallMs, 5000),
    note: kitRunNote(k.installed.next)
  },
  {
    id: "6",
    figure: "the same, its first run after the install (Node's compile cache empty)",
    value: ms(k.installed.first.wallMs),
    goal: "",
    result: "info",
    note: kitRunNote(k.installed.first)
  },
  {
    id: "6",
    figure: "the same in this repository: npm run example:testing (the sources transformed by vitest)",
    value: ms(k.repository.wallMs),
    goal: "",
    result: "info",
    note: kitRunNote(k.repository)
  }
]

const testkitRows = (t: TestkitResults): Array<Row> => [
  {
    id: "6",
    figure: "testing kit: the run's backend up (global setup, once a run, a process of its own)",
    value: ms(t.runBackendUpMs),
    goal: "",
    result: "info",
    note: `node, its modules and the backend; of a backend's start, the database alone (PGlite from the migrated template, migrations checked, seed) ${ms(t.databaseMs)}, ${ms(t.databaseCpuMs)} of CPU`
  },
  {
    id: "6",
    figure: "testing kit: a worker's backend up (first use in a process: connected to the run's)",
    value: ms(t.backendUpMs),
    goal: "<= 500 ms",
    result: atMost(t.backendUpMs, 500),
    note: `${ms(t.backendUpCpuMs)} of CPU: the worker's proxy started`
  },
  {
    id: "6",
    figure: `testing kit: an isolated project on a warm backend (median of ${t.projectMs.length})`,
    value: ms(t.projectMedianMs),
    goal: "<= 20 ms",
    result: atMost(t.projectMedianMs, 20)
  },
  {
    id: "6",
    figure: `testing kit: a fixture user signed in (median of ${t.signedInUserMs.length})`,
    value: ms(t.signedInUserMedianMs),
    goal: "<= 30 ms",
    result: atMost(t.signedInUserMedianMs, 30)
  },
  {
    id: "6",
    figure: "testing kit: a 20-test file with the kit / the same over startLocalBackend and HTTP by hand",
    value: `${ms(t.kitFileMs)} / ${ms(t.byHandFileMs)}`,
    goal: "kit faster",
    result: t.kitFileMs < t.byHandFileMs ? "pass" : "fail",
    note: "each test: a project of its own, a user signed in, their profile read; by hand includes starting the file's backend"
  },
  {
    id: "6",
    figure: "testing kit: resident memory of the worker after those tests",
    value: `${t.residentMbAfter.toFixed(0)} MB`,
    goal: "",
    result: "info",
    note: `${(t.residentMbAfter - t.residentMbBefore).toFixed(0)} MB more than before the kit connected (the run's backend is in its own process)`
  }
]

const scaleOutRows = (s: ScaleOutResults): Array<Row> => [
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

export const buildRows = (d: Details): Array<Row> => [
  ...(d.bundles === undefined ? [] : bundleRows(d.bundles)),
  ...(d.stampede === undefined ? [] : stampedeRows(d.stampede)),
  ...(d.fanout === undefined ? [] : fanoutRows(d.fanout)),
  ...(d.ssr === undefined ? [] : ssrRows(d.ssr)),
  ...(d.overhead === undefined ? [] : overheadRows(d.overhead)),
  ...(d.load === undefined ? [] : loadRows(d.load)),
  ...(d.startup === undefined ? [] : startupRows(d.startup)),
  ...(d.testkit === undefined ? [] : testkitRows(d.testkit)),
  ...(d.kitExample === undefined ? [] : kitExampleRows(d.kitExample)),
  ...(d.scaleOut === undefined ? [] : scaleOutRows(d.scaleOut))
]

export const formatTable = (rows: ReadonlyArray<Row>): string => {
  const header = { id: "#", figure: "figure", value: "value", goal: "goal", result: "result" }
  const all = [header, ...rows]
  const width = (key: keyof typeof header) => Math.max(...all.map((row) => row[key].length))
  const widths = {
    id: width("id"),
    figure: width("figure"),
    value: width("value"),
    goal: width("goal"),
    result: width("result")
  }
  const line = (row: typeof header) =>
    [
      row.id.padEnd(widths.id),
      row.figure.padEnd(widths.figure),
      row.value.padEnd(widths.value),
      row.goal.padEnd(widths.goal),
      row.result
    ].join("  ")
  const rule = "-".repeat(widths.id + widths.figure + widths.value + widths.goal + widths.result + 8)
  return [line(header), rule, ...rows.map((row) => line({ ...row, result: row.result.toUpperCase() }))].join("\n")
}

/** The notes of the rows (what a figure counted, how it was obtained), one line each. */
export const formatNotes = (rows: ReadonlyArray<Row>): string =>
  rows
    .filter((row) => row.note !== undefined)
    .map((row) => `  ${row.id} ${row.figure}: ${row.note}`)
    .join("\n")
