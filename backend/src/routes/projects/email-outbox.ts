/**
 * `GET /emails/outbox` and `GET /emails/outbox/{id}` (server): the project's sent messages
 * (operations/projects/email-outbox.ts); the declarations are in contract/email-outbox.ts.
 */
import * as Effect from "effect/Effect"
import { EmailOutboxApi } from "@stackfx/lib/contract/email-outbox.js"
import { requireInput } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import { getOutboxEmail, listOutbox } from "../../operations/email/email-outbox.js"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const routes = [
  serve(EmailOutboxApi.list, ({ auth, query }) => listOutbox(auth.project.id, query)),
  serve(EmailOutboxApi.get, ({ auth, params, request }) =>
    Effect.andThen(
      requireInput(request, UUID.test(params.id), "params.id must be a valid UUID"),
      getOutboxEmail(auth.project.id, params.id)
    )
  )
]
