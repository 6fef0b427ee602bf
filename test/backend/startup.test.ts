/**
 * Requests made while `stackfx dev` starts: the port is bound before the database is ready, and a
 * connection accepted then used to stay open forever without an answer. Every accepted connection
 * must get an answer; refused ones (before the port is bound) are fine, a client retries those.
 */
import { assert, describe, it } from "@effect/vitest"
import { request } from "node:http"
import { freePort, runCli, stopCli } from "../support/cli.js"

interface Probe {
  accepted: boolean
  acceptedBeforeReady: boolean
  outcome: "pending" | "refused" | "dropped" | number
  done: Promise<void>
}

/** One `GET /health` on its own connection, recording whether it was accepted and how it ended. */
const probe = (port: number, ready: () => boolean): Probe => {
  const state: Probe = { accepted: false, acceptedBeforeReady: false, outcome: "pending", done: Promise.resolve() }
  state.done = new Promise<void>((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: "/health", agent: false }, (response) => {
      response.resume()
      response.on("end", () => {
        state.outcome = response.statusCode ?? 0
        resolve()
      })
    })
    req.on("socket", (socket) =>
      socket.on("connect", () => {
        state.accepted = true
        state.acceptedBeforeReady = !ready()
      })
    )
    req.on("error", () => {
      state.outcome = state.accepted ? "dropped" : "refused"
      resolve()
    })
    req.end()
  })
  return state
}

// Only a bound for connections that are never answered (the bug); answered ones settle at once.
const UNANSWERED_AFTER_MS = 15_000

describe("stackfx dev during start-up", () => {
  it("answers every connection it accepted, including those accepted before it was ready", async () => {
    const port = await freePort()
    const run = runCli(["dev", "--port", String(port), "--db", "memory"])
    let isReady = false
    const probes: Array<Probe> = []
    // From the first instant after spawn until the ready banner, a new connection every few milliseconds.
    const hammer = setInterval(() => probes.push(probe(port, () => isReady)), 20)
    try {
      await run.ready
      isReady = true
      clearInterval(hammer)
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        Promise.all(probes.map((p) => p.done)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, UNANSWERED_AFTER_MS)))
      ])
      clearTimeout(timer)
      const early = probes.filter((p) => p.acceptedBeforeReady)
      assert.isAbove(early.length, 0, "some connections were accepted before the ready line (the window under test)")
      const unanswered = probes.filter((p) => p.accepted && typeof p.outcome !== "number")
      assert.deepStrictEqual(
        unanswered.map((p) => p.outcome),
        [],
        `${unanswered.length} of ${probes.filter((p) => p.accepted).length} accepted connections got no answer`
      )
      assert.deepStrictEqual([...new Set(early.map((p) => p.outcome))], [200], "early requests get the real answer")
    } finally {
      clearInterval(hammer)
      await stopCli(run)
    }
  }, 120_000)
})
