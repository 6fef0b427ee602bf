/**
 * Benchmark "scale-out": two `stackfx dev` processes on one throwaway PostgreSQL (issue 37).
 *
 * Staleness: a config change is written on instance A (`PATCH /projects/current`, the display name) and
 * instance B, which has the project cached, is read (`GET /projects/current`) back to back until it answers
 * the new name; the figure is the time from A's answer to B's first new answer, p50 and p99 over the rounds.
 * It is bounded by the notification's trip (NOTIFY at A's COMMIT, B's LISTEN connection), not by any expiry.
 *
 * Throughput: authenticated `GET /users/me` at concurrency 32 against A alone, then spread over A and B
 * (every other request), for the same time. On a two-core machine the load generator, PostgreSQL and the
 * instances share the cores, so two instances cannot double it; the figure says what a second one adds here.
 */
import * as http from "node:http"
import { LOCAL_DEVELOPMENT_KEYS } from "../src/domain/local-keys.js"
import { startTestPostgres } from "../test/support/postgres.js"
import { type Answer, hammer, type LoadResult, send } from "./backend-load.js"
import { startServerProcess } from "./server-process.js"
import { quantile, uniqueEmail } from "./util.js"
import { clientHeaders, signUp } from "./wire.js"

export interface ScaleOutResults {
  readonly rounds: number
  readonly stalenessP50Ms: number
  readonly stalenessP99Ms: number
  readonly stalenessMaxMs: number
  readonly oneInstance: LoadResult
  readonly twoInstances: LoadResult
}

const PUBLIC_URL = "http://bench.example.test"

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = http.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

const adminHeaders = {
  "x-stack-project-id": LOCAL_DEVELOPMENT_KEYS.projectId,
  "x-stack-access-type": "admin",
  "x-stack-super-secret-admin-key": LOCAL_DEVELOPMENT_KEYS.superSecretAdminKey,
  "content-type": "application/json"
}

export const runScaleOut = async (rounds = 100, seconds = 5): Promise<ScaleOutResults> => {
  const postgres = startTestPostgres()
  if ("reason" in postgres) throw new Error(`PostgreSQL cannot start here: ${postgres.reason}`)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 })
  const started: Array<{ readonly stop: () => Promise<void> }> = []
  try {
    const db = postgres.newDatabase()
    const start = async () => {
      const server = await startServerProcess(db, 120_000, {
        port: await freePort(),
        args: ["--public-url", PUBLIC_URL]
      })
      started.push(server)
      return server
    }
    const a = await start()
    const b = await start()

    const staleness: Array<number> = []
    const nameOnB = async () =>
      (
        JSON.parse(
          (await send(agent, `${b.url}/api/v1/projects/current`, { method: "GET", headers: clientHeaders })).body
        ) as {
          display_name: string
        }
      ).display_name
    for (let round = 0; round < rounds; round++) {
      const name = `Stack Dashboard ${round}`
      await nameOnB() // cached on B before the change
      const written = await send(agent, `${a.url}/api/v1/internal/projects/current`, {
        method: "PATCH",
        headers: adminHeaders,
        body: JSON.stringify({ display_name: name })
      })
      if (written.status !== 200) throw new Error(`PATCH answered ${written.status}: ${written.body.slice(0, 300)}`)
      const acknowledged = performance.now()
      while ((await nameOnB()) !== name) {
        if (performance.now() - acknowledged > 10_000) throw new Error(`round ${round}: B still stale after 10 s`)
      }
      staleness.push(performance.now() - acknowledged)
    }
    staleness.sort((x, y) => x - y)

    const tokens = await signUp(a.url, uniqueEmail("scale"), "benchmark-password")
    const headers = { ...clientHeaders, "x-stack-access-token": tokens.accessToken }
    const accept = (answer: Answer) => answer.status === 200 && answer.body.includes(tokens.userId)
    const me = (url: string) => () => send(agent, `${url}/api/v1/users/me`, { method: "GET", headers })
    let n = 0
    const spread = () => me(n++ % 2 === 0 ? a.url : b.url)()
    await hammer(spread, accept, 1, undefined)
    const oneInstance = await hammer(me(a.url), accept, seconds, undefined)
    const twoInstances = await hammer(spread, accept, seconds, undefined)
    return {
      rounds,
      stalenessP50Ms: quantile(staleness, 0.5),
      stalenessP99Ms: quantile(staleness, 0.99),
      stalenessMaxMs: staleness[staleness.length - 1] ?? 0,
      oneInstance,
      twoInstances
    }
  } finally {
    agent.destroy()
    await Promise.all(started.map((server) => server.stop()))
    postgres.stop()
  }
}
