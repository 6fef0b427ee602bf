/**
 * The test's webhooks: a receiver in the worker (an HTTP server on a free port) registered as an endpoint of the
 * test's project, so the backend delivers the project's events to it as to an app. Each delivery is verified
 * with `verifyWebhook` against the endpoint's secret and kept decoded (a repeat of a message id already kept is
 * acknowledged and dropped, as an app's receiver does); `next(type)` waits (in real time, not the test's clock)
 * for the next one of a type, `all` answers what came so far.
 *
 * `failNext` makes the receiver refuse deliveries (a status the test picks), so the backend retries them on
 * Svix's schedule. The retries come due by the test's clock: while `next` or `nextRefused` waits, the receiver
 * tells the backend the project's time whenever it moved, so `TestClock.adjust` by the next interval makes the
 * next attempt happen.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { verifyWebhook, type WebhookEvent, type WebhookEventOf, type WebhookEventType } from "stackfx/server"
import type { TestProjectKeys } from "./project.js"

/** No delivery of the type arrived before the timeout. */
export class WebhookTimeout extends Schema.TaggedError<WebhookTimeout>()("WebhookTimeout", {
  type: Schema.String,
  timeoutMillis: Schema.Number,
  message: Schema.String
}) {}

/** Which deliveries the test's endpoint refuses, and how (see `TestWebhooks.failNext`). */
export interface WebhookFailure {
  /** Refuse only deliveries of this type (default: of any type). */
  readonly type?: WebhookEventType | undefined
  /** How many deliveries (attempts) to refuse (default 1). */
  readonly times?: number | undefined
  /** The status to answer, 300 to 599 (default 500); the backend counts anything but a 2xx as a failure. */
  readonly status?: number | undefined
}

/** A delivery the test's endpoint refused as `failNext` said. */
export interface RefusedWebhook {
  readonly event: WebhookEvent
  /** The message id (`svix-id`): the retry of this delivery carries the same one. */
  readonly messageId: string
  /** What the endpoint answered. */
  readonly status: number
}

/** How long `next` and `nextRefused` wait, in real time (default 5 seconds). */
export interface WebhookWait {
  readonly timeoutMillis?: number | undefined
}

/** The test's webhook deliveries, verified and decoded. */
export interface TestWebhooks {
  /** Every event delivered so far (answered 2xx), in the order received. */
  readonly all: Effect.Effect<ReadonlyArray<WebhookEvent>>
  /** The next event of `type` not yet answered by `next`, waiting for it. */
  readonly next: <T extends WebhookEventType>(
    type: T,
    wait?: WebhookWait
  ) => Effect.Effect<WebhookEventOf<T>, WebhookTimeout>
  /**
   * Makes the endpoint refuse the next deliveries (by default the next one, of any type, with a 500): the
   * backend retries each on Svix's schedule (5 s, 5 min, 30 min, ...) by the test's clock. Rules add up; a
   * delivery meets the first with refusals left.
   */
  readonly failNext: (failure?: WebhookFailure) => Effect.Effect<void>
  /** Every delivery refused so far, in order. */
  readonly refused: Effect.Effect<ReadonlyArray<RefusedWebhook>>
  /** The next refused delivery (of `type`, when given) not yet answered by `nextRefused`, waiting for it. */
  readonly nextRefused: (type?: WebhookEventType, wait?: WebhookWait) => Effect.Effect<RefusedWebhook, WebhookTimeout>
}

/** What the receiver needs of the test: its project, the project's time, and how to tell the backend that time. */
export interface TestWebhooksContext {
  readonly project: TestProjectKeys
  readonly now: () => number
  readonly reportTime: (millis: number) => Effect.Effect<void>
}

const adminHeaders = (project: TestProjectKeys) => ({
  "content-type": "application/json",
  "x-stack-access-type": "admin",
  "x-stack-project-id": project.projectId,
  "x-stack-publishable-client-key": project.publishableClientKey,
  "x-stack-secret-server-key": project.secretServerKey,
  "x-stack-super-secret-admin-key": project.superSecretAdminKey
})

/** How often a waiting `next` looks whether the test's clock moved (real time). */
const CLOCK_POLL_MILLIS = 20

interface Rule {
  readonly type: WebhookEventType | undefined
  readonly status: number
  remaining: number
}

/** Items kept in arrival order, each answered at most once to the waiters that pick it. */
const makeQueue = <A>() => {
  const items: Array<A> = []
  const taken = new Set<number>()
  const listeners = new Set<() => void>()
  return {
    items,
    push: (item: A) => {
      items.push(item)
      for (const listener of [...listeners]) listener()
    },
    take: (matches: (item: A) => boolean): A | undefined => {
      const index = items.findIndex((item, i) => !taken.has(i) && matches(item))
      if (index === -1) return undefined
      taken.add(index)
      return items[index]
    },
    listeners
  }
}

/** Starts the receiver and registers it with the project; both end with the scope. */
export const openTestWebhooks = (context: TestWebhooksContext): Effect.Effect<TestWebhooks, never, Scope.Scope> =>
  Effect.gen(function* () {
    const { project } = context
    const delivered = makeQueue<WebhookEvent>()
    const refusals = makeQueue<RefusedWebhook>()
    const seen = new Set<string>()
    const rules: Array<Rule> = []
    let secret = ""
    const answer = (event: WebhookEvent, messageId: string): number => {
      const rule = rules.find((r) => r.remaining > 0 && (r.type === undefined || r.type === event.type))
      if (rule !== undefined) {
        rule.remaining -= 1
        refusals.push({ event, messageId, status: rule.status })
        return rule.status
      }
      // At least once: a repeat of a message already kept is acknowledged and dropped.
      if (!seen.has(messageId)) {
        seen.add(messageId)
        delivered.push(event)
      }
      return 204
    }
    const server = createServer((request, response) => {
      const chunks: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8")
        const messageId = String(request.headers["svix-id"] ?? request.headers["webhook-id"] ?? "")
        void Effect.runPromiseExit(verifyWebhook({ body, headers: request.headers }, secret)).then((exit) => {
          response.statusCode = exit._tag === "Success" ? answer(exit.value, messageId) : 400
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

    let reported: number | undefined
    /** Tells the backend the project's time when it moved since the last report (a retry may be due by it). */
    const reportIfMoved = () => {
      const now = context.now()
      if (now === reported) return
      reported = now
      Effect.runFork(context.reportTime(now))
    }

    /** Waits (real time) for the first item of `queue` that `matches`, reporting the test's clock meanwhile. */
    const waitFor = <A>(
      queue: ReturnType<typeof makeQueue<A>>,
      matches: (item: A) => boolean,
      type: string,
      wait: WebhookWait | undefined
    ): Effect.Effect<A, WebhookTimeout> => {
      const timeoutMillis = wait?.timeoutMillis ?? 5_000
      return Effect.callback<A, WebhookTimeout>((resume) => {
        const stop = () => {
          queue.listeners.delete(listener)
          clearTimeout(timer)
          clearInterval(clock)
        }
        function listener() {
          const found = queue.take(matches)
          if (found === undefined) return
          stop()
          resume(Effect.succeed(found))
        }
        // Real time: a test under TestClock still gives up.
        const timer = setTimeout(() => {
          stop()
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
        const clock = setInterval(reportIfMoved, CLOCK_POLL_MILLIS)
        queue.listeners.add(listener)
        listener()
        if (queue.listeners.has(listener)) reportIfMoved()
        return Effect.sync(stop)
      })
    }

    return {
      all: Effect.sync(() => [...delivered.items]),
      next: <T extends WebhookEventType>(type: T, wait?: WebhookWait) =>
        waitFor(delivered, (event) => event.type === type, type, wait) as Effect.Effect<
          WebhookEventOf<T>,
          WebhookTimeout
        >,
      failNext: (failure = {}) =>
        Effect.suspend(() => {
          const status = failure.status ?? 500
          const times = failure.times ?? 1
          if (!Number.isInteger(status) || status < 300 || status > 599)
            return Effect.die(new RangeError(`failNext: status ${status} is not a failure (300 to 599)`))
          if (!Number.isInteger(times) || times < 1)
            return Effect.die(new RangeError(`failNext: times ${times} is not a positive whole number`))
          rules.push({ type: failure.type, status, remaining: times })
          return Effect.void
        }),
      refused: Effect.sync(() => [...refusals.items]),
      nextRefused: (type, wait) =>
        waitFor(refusals, (refusal) => type === undefined || refusal.event.type === type, type ?? "refused", wait)
    }
  })
