/**
 * The Node HTTP server of the local backend, which answers requests that arrive during start-up.
 *
 * The port is bound before the database is opened, migrated and seeded (the base URL, which tokens name,
 * needs the bound port when `--port 0` picks one), and the app's request handler is attached only once
 * all of that is done. Node drops a request that finds no `request` listener on the floor: the
 * connection stays open and is never answered. This server holds such requests and hands them to the
 * app's handler the moment it is attached, so an early request is answered like any other, only later.
 * If the server closes before a handler was ever attached (start-up failed or was interrupted), the held
 * requests are answered 503 instead of hanging, which would also keep `close` from ever finishing.
 */
import { type IncomingMessage, Server, type ServerResponse } from "node:http"

type Handler = (request: IncomingMessage, response: ServerResponse) => void

export const STOPPED_BEFORE_READY = "The stackfx local backend stopped before it was ready to answer."

export class HoldingServer extends Server {
  private readonly held: Array<readonly [IncomingMessage, ServerResponse]> = []
  private readonly hold: Handler = (request, response) => {
    this.held.push([request, response])
  }

  constructor() {
    super()
    this.on("request", this.hold)
    const handOver = (event: string | symbol, listener: Handler) => {
      if (event !== "request" || listener === this.hold) return
      this.off("newListener", handOver)
      this.off("request", this.hold)
      // `newListener` fires before the listener is added; hand over once it is, in arrival order.
      queueMicrotask(() => {
        for (const [request, response] of this.held.splice(0)) listener(request, response)
      })
    }
    this.on("newListener", handOver)
  }

  /** Requests waiting for the app's handler. */
  get waiting(): number {
    return this.held.length
  }

  override close(callback?: (error?: Error) => void): this {
    for (const [, response] of this.held.splice(0)) {
      response.writeHead(503, { "content-type": "text/plain; charset=utf-8", connection: "close" })
      response.end(STOPPED_BEFORE_READY)
    }
    return super.close(callback)
  }
}
