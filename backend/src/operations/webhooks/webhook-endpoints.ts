/**
 * A project's webhook endpoints and deliveries, as the local backend's management API and the deliveries page
 * see them: endpoints are http or https URLs (nothing else is ever requested), each with a random `whsec_`
 * secret answered once, when it is made; a delivery can be sent again; a test event can be sent to one endpoint
 * (`POST /internal/send-test-webhook`), answered once its first attempt is known.
 */
import { randomBytes } from "node:crypto"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ListResponse } from "@stackfx/lib/domain/list.js"
import {
  type CreatedWebhookEndpoint,
  DEMO_WEBHOOK_SECRET,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate
} from "@stackfx/lib/domain/webhook-endpoint.js"
import type { SendTestWebhookResult } from "@stackfx/lib/domain/admin-actions.js"
import { randomId } from "../../crypto/secrets.js"
import { Refused } from "../../errors/refused.js"
import { Db, type DbEffect } from "../../store/db.js"
import {
  type DeliveryView,
  findMessageDelivery,
  listDeliveries,
  requeueDelivery
} from "../../store/webhooks/webhook-deliveries.js"
import {
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  type WebhookEndpointRow
} from "../../store/webhooks/webhook-endpoints.js"
import { WebhookDispatcher } from "../../webhooks/dispatcher.js"
import { emitWebhook, newMessageId } from "./emit.js"

/** The most deliveries a list answers. */
const DELIVERY_LIST_LIMIT = 200

/** A URL the backend may POST to: absolute, http or https, no credentials in it. */
export const webhookUrlProblem = (url: string): string | undefined => {
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  if (parsed === undefined) return "url must be an absolute http or https URL"
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "url must use http or https"
  if (parsed.username !== "" || parsed.password !== "") return "url must not carry a user name or password"
  return undefined
}

const newSecret: Effect.Effect<string> = Effect.sync(() => `whsec_${randomBytes(24).toString("base64")}`)

const endpointView = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  createdAtMillis: row.createdAt.getTime()
})

export const deliveryView = (row: DeliveryView): WebhookDelivery => ({
  id: String(row.seq),
  messageId: row.messageId,
  endpointId: row.endpointId,
  endpointUrl: row.url,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  createdAtMillis: row.createdAt.getTime(),
  nextAttemptAtMillis: row.status === "pending" ? row.nextAttemptAt.getTime() : null,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  payload: row.body
})

const insertEndpoint = (projectId: string, url: string, description: string, secret: string) =>
  Effect.gen(function* () {
    const row: WebhookEndpointRow = {
      id: yield* randomId,
      projectId,
      url,
      description,
      secret,
      createdAt: new Date(yield* Clock.currentTimeMillis)
    }
    yield* insertWebhookEndpoint(row)
    return row
  })

/** A new endpoint with a fresh secret, answered this once. */
export const createEndpoint = (
  projectId: string,
  input: WebhookEndpointCreate
): DbEffect<CreatedWebhookEndpoint, Refused> =>
  Effect.gen(function* () {
    const problem = webhookUrlProblem(input.url)
    if (problem !== undefined) return yield* Effect.fail(new Refused({ reason: "invalid", message: problem }))
    const row = yield* insertEndpoint(projectId, input.url, input.description ?? "", yield* newSecret)
    return { ...endpointView(row), secret: row.secret }
  })

/**
 * The demo project's endpoints for `stackfx dev --webhook <url>`, signed with the public demo secret; a URL the
 * project already has is kept as it is.
 */
export const ensureDemoEndpoints = (projectId: string, urls: ReadonlyArray<string>): DbEffect<void, Refused> =>
  Effect.forEach(
    urls,
    (url) =>
      Effect.gen(function* () {
        const problem = webhookUrlProblem(url)
        if (problem !== undefined)
          return yield* Effect.fail(new Refused({ reason: "invalid", message: `--webhook ${url}: ${problem}` }))
        const existing = yield* listWebhookEndpoints(projectId)
        if (existing.some((endpoint) => endpoint.url === url)) return
        yield* insertEndpoint(projectId, url, "stackfx dev --webhook", DEMO_WEBHOOK_SECRET)
      }),
    { discard: true }
  )

export const listEndpoints = (projectId: string): DbEffect<ListResponse<WebhookEndpoint>> =>
  Effect.map(listWebhookEndpoints(projectId), (rows) => ({ items: rows.map(endpointView), isPaginated: false }))

const endpointNotFound = () => new Refused({ reason: "not-found", message: "Webhook endpoint not found." })

export const deleteEndpoint = (projectId: string, endpointId: string): DbEffect<{ success: true }, Refused> =>
  Effect.flatMap(deleteWebhookEndpoint(projectId, endpointId), (deleted) =>
    deleted ? Effect.succeed({ success: true as const }) : Effect.fail(endpointNotFound())
  )

/** A project's newest deliveries (every project's with `undefined`: the local deliveries page). */
export const listWebhookDeliveries = (projectId: string | undefined): DbEffect<ReadonlyArray<WebhookDelivery>> =>
  Effect.map(listDeliveries({ projectId, limit: DELIVERY_LIST_LIMIT }), (rows) => rows.map(deliveryView))

/** "Send again": the delivery is due now, whatever became of it. */
export const resendDelivery = (deliveryId: string, projectId?: string): DbEffect<{ success: true }, Refused> =>
  Effect.gen(function* () {
    const seq = /^[0-9]{1,15}$/.test(deliveryId) ? Number(deliveryId) : undefined
    const now = new Date(yield* Clock.currentTimeMillis)
    const found = seq === undefined ? false : yield* requeueDelivery(seq, now, projectId)
    if (!found) return yield* Effect.fail(new Refused({ reason: "not-found", message: "Webhook delivery not found." }))
    return { success: true as const }
  })

/** How often the test send looks at its delivery. */
const TEST_POLL_MILLIS = 50

/**
 * `POST /internal/send-test-webhook`: a `stack.test` event to one endpoint, answered with whether its first
 * attempt succeeded (waiting at most `waitMillis`), in the service's words.
 */
export const sendTestWebhook = (
  projectId: string,
  endpointId: string,
  waitMillis: number
): DbEffect<SendTestWebhookResult> =>
  Effect.gen(function* () {
    const endpoint = yield* findWebhookEndpoint(projectId, endpointId)
    if (endpoint === undefined) {
      return { success: false, errorMessage: "Endpoint not found. Make sure it still exists." }
    }
    const messageId = yield* newMessageId
    yield* Db.transaction(
      emitWebhook(
        projectId,
        {
          type: "stack.test",
          data: {
            message: "Stack webhook test event triggered from the Stack dashboard.",
            endpointUrl: endpoint.url
          }
        },
        { endpointId, messageId }
      )
    )
    // Counted polls, not a deadline: a test's project clock may stand still while the attempt runs.
    let row = yield* findMessageDelivery(projectId, messageId)
    for (let polls = Math.ceil(waitMillis / TEST_POLL_MILLIS); polls > 0 && (row?.attempts ?? 0) === 0; polls--) {
      yield* Effect.sleep(TEST_POLL_MILLIS)
      row = yield* findMessageDelivery(projectId, messageId)
    }
    return row?.status === "succeeded"
      ? { success: true }
      : { success: false, errorMessage: "Webhook not delivered. Make sure the endpoint is configured correctly." }
  })

/** {@link sendTestWebhook}, waiting as long as the dispatcher gives a receiver, and a little more. */
export const sendTestWebhookNow = (projectId: string, endpointId: string) =>
  Effect.gen(function* () {
    const dispatcher = yield* WebhookDispatcher
    return yield* sendTestWebhook(projectId, endpointId, dispatcher.timeoutMillis + 1_000)
  })
