/**
 * E-mail notification preferences: `GET /emails/notification-preference/{user_id}` lists every category
 * with the user's choice, `PATCH .../{user_id}/{category_id}` `{ enabled }` sets one (clients their own,
 * `me` or their id; servers anyone's), and `GET /emails/unsubscribe-link?code=` (no authentication: it is
 * opened from an e-mail) turns the category of a sent message off. Texts and statuses are the hosted ones;
 * the declarations are in contract/notification-preferences.ts.
 */
import * as Effect from "effect/Effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { NotificationPreferencesApi } from "@stackfx/lib/contract/notification-preferences.js"
import { serve } from "../../http/serve.js"
import {
  followUnsubscribeLink,
  listPreferences,
  requireCategory,
  setPreference
} from "../../operations/email/notification-preferences.js"
import { preferenceOwner } from "../../operations/users/user-actors.js"

const html = (body: string) => HttpServerResponse.text(body, { status: 200, contentType: "text/html" })

export const routes = [
  serve(NotificationPreferencesApi.list, ({ auth, params }) =>
    Effect.gen(function* () {
      const userId = yield* preferenceOwner(auth, params.user_id, "view")
      return { items: yield* listPreferences(auth.project.id, userId), isPaginated: false as const }
    })
  ),
  serve(NotificationPreferencesApi.set, ({ auth, body, params }) =>
    Effect.gen(function* () {
      // The hosted handler looks the category up before it looks at the caller.
      const category = yield* requireCategory(params.notification_category_id)
      const userId = yield* preferenceOwner(auth, params.user_id, "manage")
      return yield* setPreference(auth.project.id, userId, category, body.enabled)
    })
  ),
  serve(NotificationPreferencesApi.unsubscribe, ({ query }) =>
    Effect.gen(function* () {
      const outcome = yield* followUnsubscribeLink(query.code)
      // A page opened from an e-mail: the plain answer as the hosted route sends it, whatever the headers.
      if (outcome === "invalid-code") return HttpServerResponse.text("Invalid code", { status: 400 })
      return html(
        outcome === "unsubscribed"
          ? "<p>Successfully unsubscribed from notification group</p>"
          : "<p>You have already unsubscribed from this notification group</p>"
      )
    })
  )
]
