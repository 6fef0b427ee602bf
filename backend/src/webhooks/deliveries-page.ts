/**
 * The deliveries page beside the mailbox (`/webhooks`): the newest webhook deliveries of every project with
 * their event, endpoint, attempts, status, the receiver's last status code and the payload, and a "Send again"
 * button per delivery. Every value is escaped.
 */
import type { WebhookDelivery } from "@stackfx/lib/domain/webhook-endpoint.js"
import { escapeHtml, htmlPage } from "../mail/html.js"

/** Where the page lives and posts to. */
export const WEBHOOKS_PAGE_PATH = "/webhooks"

export const resendPath = (deliveryId: string) =>
  `${WEBHOOKS_PAGE_PATH}/deliveries/${encodeURIComponent(deliveryId)}/resend`

const time = (millis: number) => new Date(millis).toISOString().replace("T", " ").slice(0, 19)

const statusText = (delivery: WebhookDelivery) =>
  delivery.status === "pending" && delivery.nextAttemptAtMillis !== null && delivery.attempts > 0
    ? `retrying at ${time(delivery.nextAttemptAtMillis)}`
    : delivery.status

const prettyPayload = (payload: string): string => {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2)
  } catch {
    return payload
  }
}

const row = (delivery: WebhookDelivery) =>
  `<tr data-delivery="${escapeHtml(delivery.id)}">` +
  `<td>${escapeHtml(time(delivery.createdAtMillis))}</td>` +
  `<td>${escapeHtml(delivery.eventType)}</td>` +
  `<td>${escapeHtml(delivery.endpointUrl)}</td>` +
  `<td>${delivery.attempts}</td>` +
  `<td>${escapeHtml(statusText(delivery))}</td>` +
  `<td>${delivery.lastStatusCode === null ? escapeHtml(delivery.lastError ?? "") : delivery.lastStatusCode}</td>` +
  `<td><details><summary>${escapeHtml(delivery.messageId)}</summary><pre>${escapeHtml(prettyPayload(delivery.payload))}</pre></details></td>` +
  `<td><form method="post" action="${escapeHtml(resendPath(delivery.id))}"><button type="submit">Send again</button></form></td>` +
  `</tr>`

/** The page of deliveries, newest first. */
export const renderDeliveriesPage = (deliveries: ReadonlyArray<WebhookDelivery>): string => {
  const table =
    deliveries.length === 0
      ? `<p class="muted">No webhook deliveries yet. Add an endpoint (<code>stackfx dev --webhook &lt;url&gt;</code>, or <code>POST /api/v1/local-backend/webhooks/endpoints</code>) and make a change.</p>`
      : `<table><thead><tr><th>Time (UTC)</th><th>Event</th><th>Endpoint</th><th>Attempts</th><th>Status</th><th>Answer</th><th>Payload</th><th></th></tr></thead><tbody>
${deliveries.map(row).join("\n")}
</tbody></table>`
  return htmlPage("Webhook deliveries", `<h1>Webhook deliveries</h1>\n<p><a href="/mailbox">Mailbox</a></p>\n${table}`)
}
