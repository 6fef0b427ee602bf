/**
 * The test's webhooks: a receiver in the worker (an HTTP server on a free port) registered as an endpoint of the
 * test's project, so the backend delivers the project's events to it as to an app. Each delivery is verified
 * with `verifyWebhook` against the endpoint's secret and kept decoded; `next(type)` waits (in real time, not the
 * test's clock) for the next one of a type, `all` answers what came so far.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { verifyWebhook, type WebhookEvent, type WebhookEventOf, type WebhookEventType } from "stackfx"
import type { TestProjectKeys } from "./project.js"

/** No delivery of the type arrived before the timeout. */
export class WebhookTimeout extends Schema.TaggedError<WebhookTimeout>()("WebhookTimeout", {
  type: Schema.String,
  timeoutMillis: Schema.Number,
  message: Schema.String
}) {}

/** The test's webhook deliveries, verified and decoded. */
export interface TestWebhooks {
  /** Every event delivered so far, in the order received. */
  readonly all: Effect.Effect<ReadonlyArray<WebhookEvent>>
  /** The next event of `type` not yet answered by `next`, waiting for it (default 5 seconds of real time). */
  readonly next: <T extends WebhookEventType>(
    type: T,
    wait?: { readonly timeoutMillis?: number | undefined }
  ) => Effect.Effect<WebhookEventOf<T>, WebhookTimeout>
}

const adminHeaders = (project: TestProjectKeys) => ({
  "content-type": "application/json",
  "x-stack-access-type": "admin",
  "x-stack-project-id": project.projectId,
  "x-stack-publishable-client-key": project.publishableClientKey,
  "x-stack-secret-server-key": project.secretServerKey,
  "x-stack-super-secret-admin-key": project.superSecretAdminKey
})

/** Starts the receiver and registers it with the project; both end with the scope. */
export const openTestWebhooks = (project: TestProjectKeys): Effect.Effect<TestWebhooks, never, Scope.Scope> =>
  Effect.gen(function* () {
    const events: Array<WebhookEvent> = []
    const taken = new Set<number>()
    const listeners = new Set<() => void>()
    let secret = ""
    const server = createServer((request, response) => {
      const chunks: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8")
        void Effect.runPromiseExit(verifyWebhook({ body, headers: request.headers }, secret)).then((exit) => {
          if (exit._tag === "Success") {
            // At least once: a repeat of a message already kept is acknowledged and dropped.
            events.push(exit.value)
            for (const listener of [...listeners]) listener()
          }
          response.statusCode = exit._tag === "Success" ? 204 : 400
          response.end()
        })
      })
    })
    const port = yield* Effect.acquireRelease(
      Effect.callback<number>((resume) => {
        server.listen(0, "127.0.0.1", () => resume(Effect.succeed((server.address() as AddressInfo).port)))
      }),
      () =>
        Effect.callback<void>((resume) => {
          server.closeAllConnections()
          server.close(() => resume(Effect.void))
        })
    )
    const created = yield* Effect.promise(() =>
      fetch(`${project.baseUrl}/api/v1/local-backend/webhooks/endpoints`, {
        method: "POST",
        headers: adminHeaders(project),
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/webhooks`, description: "stackfx testing kit" })
      }).then((response) => response.json() as Promise<{ readonly secret?: string }>)
    )
    secret = created.secret ?? ""
    const findNext = (type: string) => {
      const index = events.findIndex((event, i) => event.type === type && !taken.has(i))
      if (index === -1) return undefined
      taken.add(index)
      return events[index]
    }
    return {
      all: Effect.sync(() => [...events]),
      next: <T extends WebhookEventType>(type: T, wait?: { readonly timeoutMillis?: number | undefined }) => {
        const timeoutMillis = wait?.timeoutMillis ?? 5_000
        return Effect.callback<WebhookEventOf<T>, WebhookTimeout>((resume) => {
          const listener = () => {
            const found = findNext(type)
            if (found === undefined) return
            listeners.delete(listener)
            clearTimeout(timer)
            resume(Effect.succeed(found as WebhookEventOf<T>))
          }
          // Real time: a test under TestClock still gives up.
          const timer = setTimeout(() => {
            listeners.delete(listener)
            resume(
              Effect.fail(
                new WebhookTimeout({
                  type,
                  timeoutMillis,
                  message: `No ${type} webhook arrived within ${timeoutMillis} ms`
                })
              )
            )
          }, timeoutMillis)
          listeners.add(listener)
          listener()
          return Effect.sync(() => {
            listeners.delete(listener)
            clearTimeout(timer)
          })
        })
      }
    }
  })
