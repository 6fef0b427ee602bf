/**
 * A loopback HTTP proxy in front of the local backend that counts the requests reaching it, per
 * `METHOD /path`. The counts of the stampede and fan-out benchmarks are read here, at the backend's door,
 * not from inside the client under test. It can also serve a page and its script, so a browser page and
 * the API share one origin (no CORS preflights to count).
 */
import { createServer, type IncomingMessage, request as httpRequest, Agent } from "node:http"
import type { AddressInfo } from "node:net"

export interface StaticFile {
  readonly contentType: string
  readonly body: string
}

export interface CountingProxy {
  readonly url: string
  /** Requests since the last `reset`, keyed `GET /api/v1/users/me` (query strings left out). */
  readonly counts: () => Readonly<Record<string, number>>
  readonly count: (key: string) => number
  readonly total: () => number
  readonly reset: () => void
  /** Serves `body` at `path` from now on (e.g. `/fanout.js`). */
  readonly serve: (path: string, file: StaticFile) => void
  readonly close: () => Promise<void>
}

export const startCountingProxy = (target: string): Promise<CountingProxy> => {
  const upstream = new URL(target)
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const files = new Map<string, StaticFile>()
  let counts = new Map<string, number>()

  const server = createServer((req: IncomingMessage, res) => {
    const path = new URL(req.url ?? "/", "http://proxy").pathname
    const file = files.get(path)
    if (file !== undefined) {
      res.writeHead(200, { "content-type": file.contentType, "cache-control": "no-store" }).end(file.body)
      return
    }
    if (path === "/favicon.ico") {
      res.writeHead(204).end()
      return
    }
    const key = `${req.method ?? "GET"} ${path}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
        agent
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    forward.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" })
      res.end(`proxy: ${error.message}`)
    })
    req.pipe(forward)
  })

  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve({
        url,
        counts: () => Object.fromEntries(counts),
        count: (key) => counts.get(key) ?? 0,
        total: () => [...counts.values()].reduce((a, b) => a + b, 0),
        reset: () => {
          counts = new Map()
        },
        serve: (path, file) => void files.set(path, file),
        close: () =>
          new Promise<void>((done) => {
            agent.destroy()
            server.closeAllConnections()
            server.close(() => done())
          })
      })
    })
  })
}
