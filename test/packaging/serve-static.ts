/** A static file server for a built app: files under `root`, and `index.html` for any other path (client routes). */
import { readFile } from "node:fs/promises"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { extname, join, normalize } from "node:path"

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml"
}

export interface StaticServer {
  readonly port: number
  readonly close: () => Promise<void>
}

export const serveStatic = (root: string): Promise<StaticServer> =>
  new Promise((resolve) => {
    const server = createServer((req, res) => {
      const path = normalize(new URL(req.url ?? "/", "http://localhost").pathname).replace(/^(\.\.[/\\])+/, "")
      const file = path.startsWith("/assets/") ? join(root, path) : join(root, "index.html")
      readFile(file).then(
        (body) => {
          res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" })
          res.end(body)
        },
        () => res.writeHead(404).end()
      )
    })
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => done())
          })
      })
    )
  })
