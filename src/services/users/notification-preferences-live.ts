/** The implementation of {@link NotificationPreferences}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { NotificationPreferencesApi } from "../../contract/notification-preferences.js"
import { NotificationCategoryNotFound } from "../../errors/client/notification-category-not-found.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { NotificationPreferencesCalls } from "./notification-preferences-calls.js"

export const makeNotificationPreferences = implement(
  NotificationPreferencesCalls,
  Effect.gen(function* () {
    const call = caller(yield* Transport, NotificationPreferencesApi.set, "client")
    const notFound = (categoryId: string) =>
      new NotificationCategoryNotFound({ categoryId, message: `Notification category ${categoryId} not found.` })
    return {
      set: (categoryId: string, enabled: boolean) =>
        call({ params: { user_id: "me", notification_category_id: categoryId }, body: { enabled } }).pipe(
          // `{ enabled }` is a boolean the type guarantees: it always encodes.
          Effect.catchTag("InvalidInput", Effect.die),
          // An unknown category is a plain 404; an id that is not a UUID fails the route's schema first.
          Effect.catchTag("SchemaError", () => Effect.fail(notFound(categoryId))),
          Effect.catchIf(
            (error) => error._tag === "HttpError" && error.status === 404,
            () => Effect.fail(notFound(categoryId))
          )
        )
    }
  })
)
