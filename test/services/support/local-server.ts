import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

/** What the test server saw. */
export interface Recorded {
  readonly method: string
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** How the test server answers one request; `"destroy"` drops the connection without an answer. */
export type Reply =
  | { readonly status?: number; readonly headers?: Readonly<Record<string, string>>; readonly body?: string }
  | "destroy"

export type Handler = (request: Recorded, index: number) => Reply | Promise<Reply>

export interface LocalServer {
  readonly baseUrl: string
  readonly requests: Array<Recorded>
}

/** A real node:http server on a random localhost port, closed when the scope ends. */
export const localServer = (handler: Handler): Effect.Effect<LocalServer, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.promise(() => {
      const requests: Array<Recorded> = []
      const server = createServer((req, res) => {
        const chunks: Array<Buffer> = []
        req.on("data", (c: Buffer) => chunks.push(c))
        req.on("end", () => {
          const recorded: Recorded = {
            method: req.method ?? "",
            url: req.url ?? "",
            headers: req.headers,
            body: Buffer.concat(chunks).toString("utf8")
          }
          const index = requests.length
          requests.push(recorded)
          void Promise.resolve(handler(recorded, index)).then((reply) => {
            if (reply === "destroy") {
              req.socket.destroy()
              return
            }
            res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers })
            res.end(reply.body ?? "")
          })
        })
      })
      return new Promise<{ server: typeof server; requests: Array<Recorded> }>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve({ server, requests }))
      )
    }),
    ({ server }) =>
      Effect.promise(() => {
        server.closeAllConnections()
        return new Promise<void>((resolve) => server.close(() => resolve()))
      })
  ).pipe(
    Effect.map(({ server, requests }) => ({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      requests
    }))
  )

/** JSON reply helper. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Reply => ({
  status,
  headers,
  body: JSON.stringify(body)
})

/** A known error as the hosted service sends it under `X-Stack-Override-Error-Status`. */
export const knownErrorReply = (
  code: string,
  status: number,
  options: { readonly bodyCode?: string; readonly details?: unknown; readonly message?: string } = {}
): Reply => ({
  status: 200,
  headers: { "x-stack-actual-status": String(status), "x-stack-known-error": code },
  body: JSON.stringify({
    code: options.bodyCode ?? code,
    ...(options.details === undefined ? {} : { details: options.details }),
    error: options.message ?? `error ${code}`
  })
})

/** An unsigned JWT carrying `payload`; enough for code that only decodes claims. */
export const unsignedJwt = (payload: Record<string, unknown>): string => {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url")
  return `${part({ alg: "ES256", typ: "JWT" })}.${part(payload)}.${Buffer.from("sig").toString("base64url")}`
}
