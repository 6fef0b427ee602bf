/**
 * A webhook receiver for tests: an HTTP server on a free port that keeps every delivery (headers and raw body)
 * and answers 200, or holds the request open while `hold` is set. `waitFor(n)` resolves once n deliveries came.
 */
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

export interface ReceivedDelivery {
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

export interface WebhookReceiver {
  readonly url: string
  readonly deliveries: ReadonlyArray<ReceivedDelivery>
  /** Resolves with the deliveries once at least `count` arrived. */
  readonly waitFor: (count: number) => Promise<ReadonlyArray<ReceivedDelivery>>
  /** While true, a request is recorded but never answered. */
  hold: boolean
  readonly close: () => Promise<void>
}

export const startWebhookReceiver = async (): Promise<WebhookReceiver> => {
  const deliveries: Array<ReceivedDelivery> = []
  const waiters: Array<{ count: number; resolve: (all: ReadonlyArray<ReceivedDelivery>) => void }> = []
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") })
      for (const waiter of [...waiters]) {
        if (deliveries.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve([...deliveries])
        }
      }
      if (!receiver.hold) response.end("ok")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries,
    hold: false,
    waitFor: (count) =>
      deliveries.length >= count
        ? Promise.resolve([...deliveries])
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
  return receiver
}
