/**
 * HoldingServer: a request that arrives before the app's handler is attached waits for it; if the server
 * closes first, the request is answered 503 instead of hanging (which would also keep `close` waiting).
 */
import { assert, describe, it } from "@effect/vitest"
import { request } from "node:http"
import type { AddressInfo } from "node:net"
import { HoldingServer, STOPPED_BEFORE_READY } from "../../../backend/src/http/holding-server.js"

const listen = (server: HoldingServer) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))

const get = (port: number) =>
  new Promise<{ readonly status: number; readonly body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/early", agent: false }, (response) => {
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => void (body += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }))
    })
    req.on("error", reject)
    req.end()
  })

/** Resolves once `server` holds `count` requests (polled on the event loop, no timers). */
const held = (server: HoldingServer, count: number): Promise<void> =>
  new Promise((resolve) => {
    const check = () => (server.waiting >= count ? resolve() : setImmediate(check))
    check()
  })

describe("HoldingServer", () => {
  it("hands requests that arrived before the handler to it, in order, once it is attached", async () => {
    const server = new HoldingServer()
    const port = await listen(server)
    try {
      const answers = [get(port), get(port)]
      await held(server, 2)
      const seen: Array<string> = []
      server.on("request", (req, res) => {
        seen.push(req.url ?? "")
        res.end("late but answered")
      })
      const results = await Promise.all(answers)
      assert.deepStrictEqual(
        results.map((r) => [r.status, r.body]),
        [
          [200, "late but answered"],
          [200, "late but answered"]
        ]
      )
      assert.deepStrictEqual(seen, ["/early", "/early"])
      assert.strictEqual(server.waiting, 0)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it("answers held requests 503 when it closes before any handler was attached, and closes", async () => {
    const server = new HoldingServer()
    const port = await listen(server)
    const answer = get(port)
    await held(server, 1)
    const closed = new Promise((resolve) => server.close(resolve))
    assert.deepStrictEqual(await answer, { status: 503, body: STOPPED_BEFORE_READY })
    await closed
  })
})
