/**
 * `npm run bench`: every benchmark of issue 6, printed as one table (figure, value, goal, result) and
 * written to bench/results.json with the machine it ran on.
 *
 *   npm run bench                         # everything, a few minutes
 *   npm run bench -- --only bundles,load  # some sections: bundles, stampede, fanout, ssr, overhead, startup, load,
 *                                         # testkit, kit-example (the kit's example suite's wall time, in the repository and installed), scale-out
 *   npm run bench -- --strict             # exit 1 when a figure misses its goal (default: only on errors)
 *
 * Sections: 1 bundle size (bundles.ts), 2 refresh stampede (stampede.ts), 3 hook fan-out (fanout.ts),
 * 4 per-call overhead (overhead.ts), 5 local backend start-up and load (backend-load.ts), 6 backend requests
 * per server-rendered page view (ssr-pages.ts), 7 two instances on one PostgreSQL: cross-instance staleness
 * and read throughput (scale-out.ts, "scale-out"). Sections 2, 3 and 6
 * share a backend started in this process with `startLocalBackend`; 4 and 5 run against `stackfx dev` as its
 * own process. Everything talks over loopback; every loop is bounded in count and time, every section by
 * a timeout. With `--only`, bench/results.json holds only the sections that ran.
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { loadavg } from "node:os"
import { startLocalBackend } from "../backend/src/index.js"
import { measureLoad, measureStartup } from "./backend-load.js"
import { type BundleOutcome, isMeasured, runBundles } from "./bundles.js"
import { runFanout } from "./fanout.js"
import { runOverhead } from "./overhead.js"
import { startCountingProxy } from "./proxy.js"
import { buildRows, type Details, formatNotes, formatTable } from "./report.js"
import type { Row } from "./rows/row.js"
import { startServerProcess } from "./server-process.js"
import { runScaleOut } from "./scale-out.js"
import { runSsrPages } from "./ssr-pages.js"
import { runStampede } from "./stampede.js"
import { runTestkit } from "./testkit.js"
import { runKitExample } from "./kit-example.js"
import { machineFacts, root, within } from "./util.js"

const SECTIONS = [
  "bundles",
  "stampede",
  "fanout",
  "ssr",
  "overhead",
  "startup",
  "load",
  "testkit",
  "kit-example",
  "scale-out"
] as const
type Section = (typeof SECTIONS)[number]

const args = process.argv.slice(2)
const onlyArg = args.find((a) => a.startsWith("--only"))
const onlyValue = onlyArg?.includes("=")
  ? onlyArg.split("=")[1]
  : onlyArg === undefined
    ? undefined
    : args[args.indexOf(onlyArg) + 1]
const selected = new Set<Section>(
  onlyValue === undefined
    ? SECTIONS
    : onlyValue.split(",").filter((s): s is Section => (SECTIONS as ReadonlyArray<string>).includes(s))
)
const strict = args.includes("--strict")
if (selected.size === 0) {
  console.error(`--only takes a comma-separated list of: ${SECTIONS.join(", ")}`)
  process.exit(2)
}

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`)

const details: Details = {}
const errors: Record<string, string> = {}
const started = performance.now()
const machine = machineFacts()

const section = async (name: string, timeoutMs: number, run: () => Promise<void>): Promise<void> => {
  const t = performance.now()
  log(`${name}...`)
  try {
    await within(timeoutMs, name, run())
    log(`${name} done in ${((performance.now() - t) / 1000).toFixed(1)} s`)
  } catch (error) {
    const cause = error instanceof Error && error.cause !== undefined ? `\ncaused by: ${String(error.cause)}` : ""
    errors[name] = (error instanceof Error ? (error.stack ?? error.message) : String(error)) + cause
    log(`${name} FAILED: ${errors[name]}`)
  }
}

if (selected.has("bundles")) {
  await section("bundles", 180_000, async () => {
    const sizes: Record<string, BundleOutcome> = { ...(await runBundles()) }
    details.bundles = sizes
    for (const outcome of Object.values(sizes)) if (!isMeasured(outcome)) errors[`bundle ${outcome.id}`] = outcome.error
  })
}

// Before any other backend starts in this process: "backend up" is then a worker's first use (modules loaded cold).
if (selected.has("testkit")) {
  await section("testkit", 300_000, async () => {
    details.testkit = await runTestkit()
  })
}

if (selected.has("kit-example")) {
  await section("kit-example", 300_000, async () => {
    details.kitExample = await runKitExample()
  })
}

/** Starts what a group of sections needs; a failure is recorded and the group skipped. */
const prepare = async <A>(what: string, start: () => Promise<A>): Promise<A | undefined> => {
  log(`starting ${what}`)
  try {
    return await within(180_000, `starting ${what}`, start())
  } catch (error) {
    errors[`starting ${what}`] = error instanceof Error ? (error.stack ?? error.message) : String(error)
    log(`starting ${what} FAILED: ${errors[`starting ${what}`]}`)
    return undefined
  }
}

const inProcess =
  selected.has("stampede") || selected.has("fanout") || selected.has("ssr")
    ? await prepare("the local backend in this process (startLocalBackend, in-memory database)", async () => {
        const localBackend = await startLocalBackend({ port: 0, db: "memory", log: false })
        return { localBackend, proxy: await startCountingProxy(localBackend.url) }
      })
    : undefined
if (inProcess !== undefined) {
  const { localBackend, proxy } = inProcess
  try {
    if (selected.has("stampede")) {
      await section("stampede", 150_000, async () => {
        details.stampede = await runStampede(proxy)
      })
    }
    if (selected.has("fanout")) {
      await section("fanout", 240_000, async () => {
        details.fanout = await runFanout(proxy)
      })
    }
    if (selected.has("ssr")) {
      await section("ssr", 120_000, async () => {
        details.ssr = await runSsrPages(proxy, localBackend.url)
      })
    }
  } finally {
    await proxy.close()
    await localBackend.stop()
  }
}

if (selected.has("startup")) {
  await section("startup", 300_000, async () => {
    details.startup = await measureStartup()
  })
}

const server =
  selected.has("overhead") || selected.has("load")
    ? await prepare("the local backend as its own process (bin/stackfx.js dev --db memory)", () =>
        startServerProcess("memory", 120_000)
      )
    : undefined
if (server !== undefined) {
  const stillRunning = () => {
    const ended = server.exited()
    if (ended !== undefined) throw new Error(`the backend process ${ended}`)
  }
  try {
    // Load first: the official SDK's per-call variants leave thousands of short-lived caches and timers
    // behind in this process, which would slow the load generator.
    if (selected.has("load")) {
      await section("load", 120_000, async () => {
        stillRunning()
        details.load = await measureLoad(server.url, server.pid)
      })
    }
    if (selected.has("overhead")) {
      await section("overhead", 400_000, async () => {
        stillRunning()
        details.overhead = await runOverhead(server.url)
      })
    }
  } finally {
    await server.stop()
  }
}

if (selected.has("scale-out")) {
  await section("scale-out", 300_000, async () => {
    details.scaleOut = await runScaleOut()
  })
}

const rows: ReadonlyArray<Row> = buildRows(details)
const durationSeconds = Math.round((performance.now() - started) / 100) / 10
const loadAtEnd = Math.round((loadavg()[0] ?? 0) * 100) / 100
// Other processes competing for the cores inflate every timing figure (4, 5); counts and sizes are immune.
const busy = Math.max(machine.loadAverage1m, loadAtEnd) > machine.cores
const results = {
  measuredAt: new Date().toISOString(),
  durationSeconds,
  machine: { ...machine, loadAverage1mAtEnd: loadAtEnd, busy },
  rows,
  errors,
  details
}
writeFileSync(join(root, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`)

console.log(formatTable(rows))
console.log(`\nnotes:\n${formatNotes(rows)}`)
console.log(
  `\nmachine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, node ${machine.node}, ${machine.os}; ` +
    `load average ${machine.loadAverage1m} at start, ${results.machine.loadAverage1mAtEnd} at end; ${durationSeconds} s`
)
if (busy) {
  console.log(
    `WARNING: the machine was busy (load average above its ${machine.cores} cores): the timing figures (4, 5) ` +
      "are pessimistic and vary between runs; sizes and request counts are not affected."
  )
}
console.log("written to bench/results.json")
if (Object.keys(errors).length > 0)
  console.log(`\nerrors: ${Object.keys(errors).join(", ")} (details in bench/results.json)`)

const missed = rows.filter((row) => row.result === "fail").length
// The official SDK leaves timers and pending loops behind; the suite is over, so leave explicitly.
process.exit(Object.keys(errors).length > 0 || (strict && missed > 0) ? 1 : 0)
