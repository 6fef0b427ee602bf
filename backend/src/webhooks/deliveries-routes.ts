/**
 * The deliveries page's routes (outside `/api/v1`, like the mailbox): `GET /webhooks` and the "Send again"
 * form's `POST /webhooks/deliveries/{id}/resend`, which answers with a redirect back to the page. The form is
 * the page's own: a request another site's page sends (`Sec-Fetch-Site` other than same-origin) is refused.
 */
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { listWebhookDeliveries, resendDelivery } from "../operations/webhooks/webhook-endpoints.js"
import { Db } from "../store/db.js"
import { renderDeliveriesPage, WEBHOOKS_PAGE_PATH } from "./deliveries-page.js"

const unavailable = (error: { readonly message: string }) =>
  Effect.as(
    Effect.logError("webhook deliveries unreadable", error.message),
    HttpServerResponse.text("webhook deliveries unavailable", { status: 500 })
  )

const fromThisSite = Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
  const site = request.headers["sec-fetch-site"]
  return site === undefined || site === "same-origin" || site === "none"
})

/** Adds the page and its form's route to the router. */
export const webhookDeliveryRoutes: Layer.Layer<never, never, HttpRouter.HttpRouter | Db> = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const withDb = yield* Db.provider
    yield* router.add(
      "GET",
      WEBHOOKS_PAGE_PATH,
      withDb(listWebhookDeliveries(undefined)).pipe(
        Effect.map((deliveries) => HttpServerResponse.html(renderDeliveriesPage(deliveries))),
        Effect.catchTag("DbError", unavailable)
      )
    )
    yield* router.add(
      "POST",
      `${WEBHOOKS_PAGE_PATH}/deliveries/:id/resend`,
      Effect.gen(function* () {
        if (!(yield* fromThisSite)) return HttpServerResponse.text("forbidden", { status: 403 })
        const id = (yield* HttpRouter.params)["id"] ?? ""
        return yield* withDb(resendDelivery(id)).pipe(
          Effect.as(HttpServerResponse.redirect(WEBHOOKS_PAGE_PATH, { status: 303 })),
          Effect.catchTags({
            Refused: () => Effect.succeed(HttpServerResponse.text("not found", { status: 404 })),
            DbError: unavailable
          })
        )
      })
    )
  })
)
