/**
 * The worker's door to the run's backend: a small HTTP proxy in the worker's process that every client of
 * the worker's tests (the tiers, `fetch`, a browser) is pointed at. A request of a project under a test's
 * control leaves with the run's control secret, the project's time read from the test's clock at that
 * moment, and the first of the test's faults it matches (a dropped connection is dropped here); every other
 * request passes as it came. The Host header is kept, so the backend mints tokens for the URL the client
 * used. The server does not keep the process alive.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { API_PATH_PREFIX, STACK_HEADERS } from "@stackfx/lib/domain/api.js"
import { encodeKnownError } from "@stackfx/lib/errors/encode.js"
import { answerStyleOf } from "../http/auth.js"
import { CONTROL_HEADERS, type WireFault } from "./control-protocol.js"
import { type FaultAnswer, type FaultRequest, takeFault } from "./faults.js"
import { controlsOf } from "./project-controls.js"

/** The run's backend, as the proxy forwards to it. */
export interface ProxyTarget {
  readonly url: URL
  readonly secret: string
}

// Hop-by-hop headers belong to one connection, not to the request or answer passed on.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te"])

type Flat = Record<string, string | undefined>

const flatHeaders = (headers: http.IncomingHttpHeaders): Flat =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : value])
  )

const wireFault = (answer: Exclude<FaultAnswer, { readonly _tag: "Drop" }>, headers: Flat): WireFault => {
  switch (answer._tag) {
    case "Status":
    case "Delay":
      return answer
    case "KnownError": {
      const style = answerStyleOf(headers)
      const wire = encodeKnownError(answer.error, { overrideStatus: style.override })
      return { _tag: "Status", status: wire.status, body: wire.body, headers: wire.headers }
    }
  }
}

const pathOnly = (url: string) => url.replace(/[?#].*$/, "")

const apiPath = (path: string) => (path.startsWith(`${API_PATH_PREFIX}/`) ? path.slice(API_PATH_PREFIX.length) : path)

const isForm = (request: http.IncomingMessage) =>
  request.method === "POST" && (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")

/** Starts the proxy on a free loopback port; answers its base URL. */
export const startProxy = (target: ProxyTarget): Promise<string> => {
  const agent = new http.Agent({ keepAlive: true })

  const forward = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    headers: Flat,
    body: Buffer | undefined
  ) => {
    const outgoing = Object.fromEntries(
      Object.entries(headers).filter(
        (entry): entry is [string, string] => entry[1] !== undefined && !HOP_BY_HOP.has(entry[0])
      )
    )
    const upstream = http.request({
      host: target.url.hostname,
      port: target.url.port,
      method: request.method,
      path: request.url,
      headers: outgoing,
      agent
    })
    upstream.on("response", (answer) => {
      const raw: Array<string> = []
      for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
        const name = answer.rawHeaders[i] ?? ""
        if (!HOP_BY_HOP.has(name.toLowerCase())) raw.push(name, answer.rawHeaders[i + 1] ?? "")
      }
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, raw)
      answer.pipe(response)
    })
    upstream.on("error", (error) => {
      if (response.headersSent) response.destroy()
      else
        response
          .writeHead(502, { "content-type": "text/plain; charset=utf-8" })
          .end(`stackfx testing kit: the run's backend at ${target.url.origin} did not answer (${error.message})`)
    })
    response.on("close", () => {
      if (!response.writableFinished) upstream.destroy()
    })
    if (body === undefined) request.pipe(upstream)
    else upstream.end(body)
  }

  const handle = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    projectId: string | undefined,
    body: Buffer | undefined
  ) => {
    const headers = flatHeaders(request.headers)
    const project = projectId === undefined ? undefined : controlsOf(projectId)
    if (project === undefined) return forward(request, response, headers, body)
    const path = pathOnly(request.url ?? "/")
    const faultRequest: FaultRequest = { method: request.method ?? "GET", path: apiPath(path), headers }
    const answer = path.startsWith(API_PATH_PREFIX) ? takeFault(project.faults, faultRequest) : undefined
    if (answer?._tag === "Drop") return void request.socket.destroy()
    const controlled: Flat = {
      ...headers,
      [CONTROL_HEADERS.secret]: target.secret,
      [CONTROL_HEADERS.time]: String(project.now()),
      [CONTROL_HEADERS.fault]:
        answer === undefined
          ? undefined
          : Buffer.from(JSON.stringify(wireFault(answer, headers)), "utf8").toString("base64url")
    }
    forward(request, response, controlled, body)
  }

  const server = http.createServer((request, response) => {
    // The client sends the service's new name (x-hexclave-project-id); older clients the old one.
    const named = request.headers["x-hexclave-project-id"] ?? request.headers[STACK_HEADERS.projectId]
    if (typeof named === "string" && named !== "") return handle(request, response, named, undefined)
    // The form-encoded token endpoint sends no project header: its project is the body's `client_id`.
    if (!isForm(request)) return handle(request, response, undefined, undefined)
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const body = Buffer.concat(chunks)
      const clientId = new URLSearchParams(body.toString("utf8")).get("client_id") ?? undefined
      handle(request, response, clientId === "" ? undefined : clientId, body)
    })
  })
  server.keepAliveTimeout = 30_000
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      server.unref()
      const { port } = server.address() as AddressInfo
      resolve(`http://127.0.0.1:${port}`)
    })
  })
}
