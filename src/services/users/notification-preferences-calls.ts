/**
 * The members of {@link NotificationPreferences}, calls of the declared endpoints
 * (contract/notification-preferences.ts). The service's shape and implementation derive from this table.
 */
import type * as Effect from "effect/Effect"
import { NotificationPreferencesApi } from "../../contract/notification-preferences.js"
import type { NotificationPreference } from "../../domain/notification-preference.js"
import type { NotificationCategoryNotFound } from "../../errors/client/notification-category-not-found.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, effectCall } from "../http/service-calls.js"

/**
 * What `set` can fail with: an unknown category (a plain 404, or an id that is not a UUID failing the
 * route's schema) is `NotificationCategoryNotFound`; `{ enabled }` always encodes.
 */
export type SetPreferenceFailure =
  | NotificationCategoryNotFound
  | Exclude<
      CallFailureAt<typeof NotificationPreferencesApi.set, "client">,
      { readonly _tag: "SchemaError" | "InvalidInput" }
    >

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
