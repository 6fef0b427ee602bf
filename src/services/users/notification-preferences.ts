/**
 * The signed-in user's e-mail notification preferences (every tier): each category the project sends mail
 * in, whether the user receives it, and switching a category on or off. Mail of a category that is off is
 * not sent; the unsubscribe link of a message turns its category off too.
 *
 * @example
 * const preferences = yield* NotificationPreferences
 * const marketing = (yield* preferences.list).find((p) => p.notificationCategoryName === "Marketing")
 * if (marketing?.canDisable) yield* preferences.set(marketing.notificationCategoryId, false)
 */
import * as Effect from "effect/Effect"
import { caller, type CallFailureAt, custom, effectCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { NotificationPreferencesApi } from "../../contract/notification-preferences.js"
import type { NotificationPreference } from "../../domain/notification-preference.js"
import { NotificationCategoryNotFound } from "../../errors/client/notification-category-not-found.js"

/**
 * What `set` can fail with: an unknown category (a plain 404, or an id that is not a UUID, refused by the
 * path's schema before sending) is `NotificationCategoryNotFound`; `{ enabled }` always encodes.
 */
export type SetPreferenceFailure =
  | NotificationCategoryNotFound
  | Exclude<CallFailureAt<typeof NotificationPreferencesApi.set, "client">, { readonly _tag: "InvalidInput" }>

/** The signed-in user's e-mail notification preferences. */
export const NotificationPreferencesCalls = {
  /** Every category, in the service's order, with the user's choice or the category's default. */
  list: effectCall(NotificationPreferencesApi.list, "client", {
    input: () => ({ params: { user_id: "me" } }),
    output: (page) => page.items
  }),
  /**
   * Turns a category on or off and answers its new state. The service does not refuse turning off a
   * category that cannot be disabled (`canDisable: false`): it records the choice and sends that mail
   * regardless, so a UI should not offer it.
   */
  set: custom<(categoryId: string, enabled: boolean) => Effect.Effect<NotificationPreference, SetPreferenceFailure>>(
    "function",
    NotificationPreferencesApi.set.changes
  )
}

export const makeNotificationPreferences = implement(
  NotificationPreferencesCalls,
  Effect.gen(function* () {
    const call = caller(yield* Transport, NotificationPreferencesApi.set, "client")
    const notFound = (categoryId: string) =>
      new NotificationCategoryNotFound({ categoryId, message: `Notification category ${categoryId} not found.` })
    return {
      set: (categoryId: string, enabled: boolean) =>
        call({ params: { user_id: "me", notification_category_id: categoryId }, body: { enabled } }).pipe(
          // `{ enabled }` is a boolean the type guarantees, so what does not encode is the category id (not a
          // UUID, refused before sending): as unknown as a category the service does not have.
          Effect.catchTag("InvalidInput", () => Effect.fail(notFound(categoryId))),
          // An unknown category is a plain 404.
          Effect.catchIf(
            (error) => error._tag === "HttpError" && error.status === 404,
            () => Effect.fail(notFound(categoryId))
          )
        )
    }
  })
)
