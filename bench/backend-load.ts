/**
 * Benchmark 5: the local backend on its own.
 *
 * Start-up: time from spawning `stackfx dev` (bin/stackfx.js) to its ready line. A first, untimed start
 * makes sure the CLI bundle under node_modules/.cache is current (it is rebuilt whenever src/ changes), so
 * the timed starts measure what a developer sees on the second run. Each figure is the median of a few
 * starts: a new in-memory database, and an existing PGlite directory (created by an untimed start).
 *
 * Load: concurrency 32 from this process over keep-alive node:http connections against a server process,
 * so that the load generator and the server each get a core: authenticated `GET /api/v1/users/me`, and
 * `POST /api/v1/auth/password/sign-in` (scrypt-hashed password, a new session row per answer), and a
 * mix where every tenth request is a write (`PATCH /api/v1/users/me` by another user of the project)
 * and the rest are the first user's `GET /api/v1/users/me`: writes must not starve reads. A short
 * warm-up precedes each timed window.
 */
import { readFileSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import * as http from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startServerProcess } from "./server-process.js"
import { median, quantile, uniqueEmail } from "./util.js"
import { clientHeaders } from "./wire.js"

export const CONCURRENCY = 32

export interface StartupResults {
  /** The untimed first start (may include rebuilding the CLI bundle). */
  readonly firstStartMs: number
  readonly memoryMs: ReadonlyArray<number>
  readonly memoryMedianMs: number
  readonly newDirectoryMs: number
  readonly existingDirectoryMs: ReadonlyArray<number>
  readonly existingDirectoryMedianMs: number
  /** Resident memory (VmRSS) of a backend on a new in-memory database, idle after start-up; undefined off Linux. */
  readonly idleResidentMb: number | undefined
}

/** A process's resident memory in MB, from /proc (Linux); undefined where it cannot be read. */
const residentMb = (pid: number | undefined): number | undefined => {
  if (pid === undefined) return undefined
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
    return match?.[1] === undefined ? undefined : Number(match[1]) / 1024
  } catch {
    return undefined
  }
}

export const measureStartup = async (repeats = 3): Promise<StartupResults> => {
  const dir = await mkdtemp(join(tmpdir(), "stackfx-bench-"))
  try {
    const first = await startServerProcess("memory", 120_000)
    await first.stop()
    const memoryMs: Array<number> = []
    let idleResident: number | undefined
    for (let i = 0; i < repeats; i++) {
      const server = await startServerProcess("memory")
      memoryMs.push(server.readyMs)
      if (i === repeats - 1) {
        // Idle: what the backend holds while a developer's app is not calling it.
        await new Promise((settled) => setTimeout(settled, 3_000))
        idleResident = residentMb(server.pid)
      }
      await server.stop()
    }
    const db = join(dir, "db")
    const created = await startServerProcess(db, 120_000)
    await created.stop()
    const existingDirectoryMs: Array<number> = []
    for (let i = 0; i < repeats; i++) {
      const server = await startServerProcess(db)
      existingDirectoryMs.push(server.readyMs)
      await server.stop()
    }
    return {
      firstStartMs: first.readyMs,
      memoryMs,
      memoryMedianMs: median(memoryMs),
      newDirectoryMs: created.readyMs,
      existingDirectoryMs,
      existingDirectoryMedianMs: median(existingDirectoryMs),
      idleResidentMb: idleResident
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export interface LoadResult {
  readonly concurrency: number
  readonly seconds: number
  readonly ok: number
  readonly failed: number
  readonly rps: number
  readonly p50Ms: number
  readonly p99Ms: number
  /**
   * CPU time the server process spent per answered request of the window (all kinds together), when
   * it can be read (Linux). Unlike req/s it hardly moves when other processes compete for the cores, so
   * it is what to compare between runs on a shared machine.
   */
  readonly serverCpuMsPerRequest?: number | undefined
}

/** User plus system CPU time of a process so far, from /proc (Linux); undefined elsewhere. */
export const processCpuMs = (pid: number | undefined): number | undefined => {
  if (pid === undefined) return undefined
  try {
    // Fields 14 and 15 (utime, stime) after the parenthesised command name, in clock ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /s, "")
      .split(" ")
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

export interface Answer {
  readonly status: number
  readonly body: string
}

export const send = (
  agent: http.Agent,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string }
) =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, { method: init.method, headers: init.headers, agent }, (res) => {
      let body = ""
      res.setEncoding("utf8")
      res.on("data", (chunk: string) => {
        body += chunk
      })
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on("error", reject)
    if (init.body !== undefined) req.write(init.body)
    req.end()
  })

/** One kind of request of a load: how to send it and which answers count as right. */
interface Kind {
  readonly request: () => Promise<Answer>
  readonly accept: (answer: Answer) => boolean
}

/**
 * `CONCURRENCY` workers sending requests back to back for `seconds`; `pick(n)` says which kind the n-th
 * request (counted over all workers) is. One result per kind.
 */
const hammerMix = async (
  kinds: ReadonlyArray<Kind>,
  pick: (n: number) => number,
  seconds: number,
  serverPid: number | undefined
): Promise<Array<LoadResult>> => {
  const tallies = kinds.map(() => ({ ok: 0, failed: 0, latencies: [] as Array<number> }))
  const cpuBefore = processCpuMs(serverPid)
  let sent = 0
  const started = performance.now()
  const end = started + seconds * 1000
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const index = pick(sent++)
        const kind = kinds[index]
        const tally = tallies[index]
        if (kind === undefined || tally === undefined) throw new Error(`no request kind ${index}`)
        const t = performance.now()
        const answer = await kind.request().catch(() => ({ status: 0, body: "" }))
        tally.latencies.push(performance.now() - t)
        if (kind.accept(answer)) tally.ok++
        else tally.failed++
      }
    })
  )
  const elapsed = (performance.now() - started) / 1000
  const cpuAfter = processCpuMs(serverPid)
  const answered = tallies.reduce((sum, t) => sum + t.ok + t.failed, 0)
  const serverCpuMsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || answered === 0
      ? undefined
      : Math.round(((cpuAfter - cpuBefore) / answered) * 100) / 100
  return tallies.map(({ failed, latencies, ok }) => {
    latencies.sort((a, b) => a - b)
    return {
      concurrency: CONCURRENCY,
      seconds: Math.round(elapsed * 100) / 100,
      ok,
      failed,
      rps: Math.round(ok / elapsed),
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
      serverCpuMsPerRequest
    }
  })
}

/** `CONCURRENCY` workers sending `request` back to back for `seconds`. */
export const hammer = async (
  request: () => Promise<Answer>,
  accept: (answer: Answer) => boolean,
  seconds: number,
  serverPid: number | undefined
): Promise<LoadResult> => {
  const [result] = await hammerMix([{ request, accept }], () => 0, seconds, serverPid)
  if (result === undefined) throw new Error("no result")
  return result
}

/** Every tenth request is a write. */
const WRITE_EVERY = 10

export interface LoadResults {
  readonly usersMe: LoadResult
  readonly passwordSignIn: LoadResult
  /** The reads and the writes of the mixed load. */
  readonly mixedReads: LoadResult
  readonly mixedWrites: LoadResult
}

export const measureLoad = async (
  baseUrl: string,
  serverPid: number | undefined,
  seconds = 5,
  warmupSeconds = 1
): Promise<LoadResults> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  try {
    const email = uniqueEmail("load")
    const password = "benchmark-password"
    // Over this agent rather than global fetch: a pooled fetch socket left idle by an earlier section
    // was once found closed by the server ("other side closed") right at this call.
    const signedUp = await send(agent, `${baseUrl}/api/v1/auth/password/sign-up`, {
      method: "POST",
      headers: { ...clientHeaders, "content-type": "application/json" },
      body: JSON.stringify({ email, password })
    })
    if (signedUp.status !== 200) throw new Error(`sign-up answered ${signedUp.status}: ${signedUp.body.slice(0, 300)}`)
    const tokens = JSON.parse(signedUp.body) as { access_token: string; user_id: string }
    const meHeaders = { ...clientHeaders, "x-stack-access-token": tokens.access_token }
    const me = () => send(agent, `${baseUrl}/api/v1/users/me`, { method: "GET", headers: meHeaders })
    const meOk = (a: Answer) => a.status === 200 && a.body.includes(tokens.user_id)
    await hammer(me, meOk, warmupSeconds, serverPid)
    const usersMe = await hammer(me, meOk, seconds, serverPid)

    const signInBody = JSON.stringify({ email, password })
    const signIn = () =>
      send(agent, `${baseUrl}/api/v1/auth/password/sign-in`, {
        method: "POST",
        headers: { ...clientHeaders, "content-type": "application/json" },
        body: signInBody
      })
    const signInOk = (a: Answer) => a.status === 200 && a.body.includes("refresh_token")
    await hammer(signIn, signInOk, warmupSeconds, serverPid)
    const passwordSignIn = await hammer(signIn, signInOk, seconds, serverPid)

    const writer = await send(agent, `${baseUrl}/api/v1/auth/password/sign-up`, {
      method: "POST",
      headers: { ...clientHeaders, "content-type": "application/json" },
      body: JSON.stringify({ email: uniqueEmail("load-writer"), password })
    })
    if (writer.status !== 200) throw new Error(`sign-up answered ${writer.status}: ${writer.body.slice(0, 300)}`)
    const writerTokens = JSON.parse(writer.body) as { access_token: string }
    let edits = 0
    const write = {
      request: () =>
        send(agent, `${baseUrl}/api/v1/users/me`, {
          method: "PATCH",
          headers: {
            ...clientHeaders,
            "content-type": "application/json",
            "x-stack-access-token": writerTokens.access_token
          },
          body: JSON.stringify({ display_name: `Writer ${edits++}` })
        }),
      accept: (a: Answer) => a.status === 200
    }
    const read = { request: me, accept: meOk }
    const pick = (n: number) => (n % WRITE_EVERY === WRITE_EVERY - 1 ? 1 : 0)
    await hammerMix([read, write], pick, warmupSeconds, serverPid)
    const [mixedReads, mixedWrites] = await hammerMix([read, write], pick, seconds, serverPid)
    if (mixedReads === undefined || mixedWrites === undefined) throw new Error("no mixed result")
    return { usersMe, passwordSignIn, mixedReads, mixedWrites }
  } finally {
    agent.destroy()
  }
}
