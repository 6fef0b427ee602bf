/**
 * Local backend benchmark (run by hand: `npx tsx bench/emulator-load.ts [--requests-seconds 10]`).
 *
 * 1. Start-up: time from spawning `stackfx dev` to its ready line, with a new in-memory database and with
 *    an existing PGlite directory (the second start of the same directory).
 * 2. Throughput: authenticated `GET /api/v1/users/me` at concurrency 32 against a separate server process,
 *    so the load generator and the server each get a core.
 */
import { spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import * as http from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const bin = fileURLToPath(new URL("../bin/stackfx.js", import.meta.url))
const argSeconds = process.argv.indexOf("--requests-seconds")
const SECONDS = argSeconds > 0 ? Number(process.argv[argSeconds + 1]) : 10
const CONCURRENCY = 32

interface Server {
  readonly url: string
  readonly readyMs: number
  readonly stop: () => Promise<void>
}

const startServer = (db: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [bin, "dev", "--port", "0", "--db", db], { stdio: ["ignore", "pipe", "inherit"] })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      const match = /stackfx local backend ready at (\S+)/.exec(output)
      if (match?.[1] !== undefined) {
        const readyMs = performance.now() - started
        child.stdout.removeAllListeners("data")
        child.stdout.resume()
        resolve({
          url: match[1],
          readyMs,
          stop: () =>
            new Promise<void>((done) => {
              child.on("exit", () => done())
              child.kill("SIGINT")
            })
        })
      }
    })
    child.on("exit", (code) => reject(new Error(`stackfx dev exited with ${code} before it was ready:\n${output}`)))
  })

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })

const request = (url: string, init: { method?: string; headers: Record<string, string>; body?: string }) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers: init.headers, agent }, (res) => {
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

const clientHeaders = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "client",
  "x-stack-publishable-client-key": "this-publishable-client-key-is-for-local-development-only",
  "x-stack-override-error-status": "true"
}

const measureThroughput = async (server: Server) => {
  const signUp = await request(`${server.url}/api/v1/auth/password/sign-up`, {
    method: "POST",
    headers: { ...clientHeaders, "content-type": "application/json" },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.test`, password: "benchmark-password" })
  })
  const { access_token: accessToken } = JSON.parse(signUp.body) as { access_token: string }
  const headers = { ...clientHeaders, "x-stack-access-token": accessToken }
  const meUrl = `${server.url}/api/v1/users/me`
  const run = async (seconds: number) => {
    let ok = 0
    let failed = 0
    const latencies: Array<number> = []
    const end = performance.now() + seconds * 1000
    const started = performance.now()
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now()
        const res = await request(meUrl, { headers })
        latencies.push(performance.now() - t)
        if (res.status === 200 && res.body.includes('"id"')) ok++
        else failed++
      }
    }))
    const elapsed = (performance.now() - started) / 1000
    latencies.sort((a, b) => a - b)
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]?.toFixed(1)
    return { rps: Math.round(ok / elapsed), ok, failed, p50: pct(0.5), p99: pct(0.99) }
  }
  await run(2) // warm-up: JIT, caches
  return run(SECONDS)
}

const main = async () => {
  const dir = await mkdtemp(join(tmpdir(), "stackfx-bench-"))
  try {
    const memory = await startServer("memory")
    console.log(`start-up, new in-memory database:   ${memory.readyMs.toFixed(0)} ms`)
    const throughput = await measureThroughput(memory)
    await memory.stop()

    const fresh = await startServer(join(dir, "db"))
    console.log(`start-up, new PGlite directory:     ${fresh.readyMs.toFixed(0)} ms`)
    await fresh.stop()
    const existing = await startServer(join(dir, "db"))
    console.log(`start-up, existing PGlite directory: ${existing.readyMs.toFixed(0)} ms`)
    await existing.stop()

    console.log(
      `GET /users/me, concurrency ${CONCURRENCY}, ${SECONDS} s: ${throughput.rps} req/s ` +
        `(ok ${throughput.ok}, failed ${throughput.failed}, p50 ${throughput.p50} ms, p99 ${throughput.p99} ms)`
    )
  } finally {
    agent.destroy()
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
