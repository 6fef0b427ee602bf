import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"

/** What the echo server received. */
export interface EchoRequest {
  readonly method: string
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

export interface EchoServer {
  readonly url: string
  readonly requests: ReadonlyArray<EchoRequest>
  readonly close: () => Promise<void>
}

/**
 * A tiny upstream for testing the proxy itself: answers every request with 200 and JSON describing it
 * (`{ method, url, body }`), plus a header the proxy must pass through.
 */
export const startEchoServer = async (): Promise<EchoServer> => {
  const requests: Array<EchoRequest> = []
  const server: Server = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body })
      res.writeHead(200, { "content-type": "application/json", "x-echo": "yes" })
      res.end(JSON.stringify({ method: req.method, url: req.url, body }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
