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
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { NotificationPreference } from "../../domain/notification-preference.js"
import type { NotificationCategoryNotFound } from "../../errors/client/notification-category-not-found.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { NotificationPreferencesErrors } from "./notification-preferences-errors.js"

type Fails<Method extends keyof typeof NotificationPreferencesErrors> = FailureOf<typeof NotificationPreferencesErrors, Method>

/** What the NotificationPreferences service offers; see its tag for the rules. */
export interface NotificationPreferencesShape {
  /** Every category, in the service's order, with the user's choice or the category's default. */
  readonly list: Effect.Effect<ReadonlyArray<NotificationPreference>, Fails<"list">>
  /**
   * Turns a category on or off and answers its new state. The service does not refuse turning off a
   * category that cannot be disabled (`canDisable: false`): it records the choice and sends that mail
   * regardless, so a UI should not offer it.
   */
  readonly set: (
    categoryId: string,
    enabled: boolean
  ) => Effect.Effect<NotificationPreference, NotificationCategoryNotFound | Fails<"set">>
}

/** The signed-in user's e-mail notification preferences. */
export class NotificationPreferences extends /* @__PURE__ */ Context.Service<NotificationPreferences, NotificationPreferencesShape>()(
  "stackfx/NotificationPreferences"
) {
  static readonly layer: Layer.Layer<NotificationPreferences, never, Transport> = /* @__PURE__ */ lazyLayer(
    NotificationPreferences,
    { list: "effect", set: "function" },
    () => import("../live.js").then((m) => m.makeNotificationPreferences)
  )
}
