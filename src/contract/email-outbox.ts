/**
 * The e-mail outbox (`/emails/outbox`, server access): the messages the project sent, newest first, and one of
 * them by id. The service answers an unknown id with a plain 404 (`Email not found`), a limit that is not a whole
 * number from 1 to 100 with a plain 400.
 */
import { OutboxEmail } from "../domain/email-outbox.js"
import { ListResponse } from "../domain/list.js"
import { OutboxEmailId } from "../domain/ids.js"
import { SERVER } from "./access.js"
import { EmailOutboxCrudQuery } from "./crud-query.js"
import { endpoint } from "./declaration.js"

export const EmailOutboxApi = {
  list: endpoint({
    name: "emailOutbox.list",
    summary: "The messages the project sent, newest first, a page of at most 100 at a time",
    method: "GET",
    path: "/emails/outbox",
    access: SERVER,
    query: EmailOutboxCrudQuery,
    success: ListResponse(OutboxEmail),
    errors: []
  }),
  get: endpoint({
    name: "emailOutbox.get",
    summary: "One message the project sent",
    method: "GET",
    path: "/emails/outbox/{id}",
    params: { id: OutboxEmailId },
    access: SERVER,
    query: EmailOutboxCrudQuery,
    success: OutboxEmail,
    errors: []
  })
}
