/**
 * Repository of `webhook_endpoints`: where a project's events go and the `whsec_` secret each is signed with.
 * The secret is read only by the dispatcher (to sign) and answered only once, when the endpoint is made.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../db.js"
import { rowInsert, rowStruct, rowTable, Timestamp } from "../rows.js"

export const WebhookEndpointRow = rowStruct({
  id: Schema.String,
  projectId: Schema.String,
  url: Schema.String,
  description: Schema.String,
  secret: Schema.String,
  createdAt: Timestamp
})
export type WebhookEndpointRow = typeof WebhookEndpointRow.Type

const table = rowTable("webhook_endpoints", WebhookEndpointRow)
const insertRow = rowInsert("webhook_endpoints", "id, project_id, url, description, secret, created_at")

export const insertWebhookEndpoint = (endpoint: WebhookEndpointRow): DbEffect<void> => insertRow(endpoint)

/** A project's endpoints, oldest first. */
export const listWebhookEndpoints = (projectId: string): DbEffect<ReadonlyArray<WebhookEndpointRow>> =>
  table.all("project_id = $1 order by created_at, id", [projectId])

export const findWebhookEndpoint = (projectId: string, id: string): DbEffect<WebhookEndpointRow | undefined> =>
  table.first("project_id = $1 and id = $2", [projectId, id])

/** Deletes an endpoint with its deliveries; whether there was one. */
export const deleteWebhookEndpoint = (projectId: string, id: string): DbEffect<boolean> =>
  Effect.map(
    Db.query("delete from webhook_endpoints where project_id = $1 and id = $2 returning id", [projectId, id]),
    (rows) => rows.length > 0
  )
