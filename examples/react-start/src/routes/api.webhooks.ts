/**
 * The app's webhook receiver, a server route: `POST /api/webhooks` verifies the delivery (signature, timestamp,
 * event type) with `stackfx/server` and answers 200 with the event's type, or 400 naming why it refused it. A real
 * app updates its own tables in the match's arms; see docs/webhooks.md.
 *
 * The secret is the endpoint's (`STACK_WEBHOOK_SECRET`); without it, the demo project's endpoint made by
 * `npx stackfx dev --webhook <url>` signs with `DEMO_WEBHOOK_SECRET`.
 */
import { createFileRoute } from "@tanstack/react-router"
import * as Effect from "effect/Effect"
import { DEMO_WEBHOOK_SECRET, verifyWebhookRequest } from "stackfx/server"

const secret = () => process.env["STACK_WEBHOOK_SECRET"] ?? DEMO_WEBHOOK_SECRET

export const Route = createFileRoute("/api/webhooks")({
  server: {
    handlers: {
      POST: ({ request }) =>
        Effect.runPromise(
          verifyWebhookRequest(request, secret()).pipe(
            Effect.match({
              onFailure: (refused) => Response.json({ refused: refused._tag }, { status: 400 }),
              onSuccess: (event) => Response.json({ received: event.type })
            })
          )
        )
    }
  }
})
