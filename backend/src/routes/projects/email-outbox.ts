/**
 * `GET /emails/outbox` and `GET /emails/outbox/{id}` (server): the project's sent messages
 * (operations/email/email-outbox.ts); the declarations are in contract/email-outbox.ts.
 */
import { EmailOutboxApi } from "@stackfx/lib/contract/email-outbox.js"
import { serve } from "../../http/serve.js"
import { getOutboxEmail, listOutbox } from "../../operations/email/email-outbox.js"

export const routes = [
  serve(EmailOutboxApi.list, ({ auth, query }) => listOutbox(auth.project.id, query)),
  serve(EmailOutboxApi.get, ({ auth, params }) => getOutboxEmail(auth.project.id, params.id))
]
