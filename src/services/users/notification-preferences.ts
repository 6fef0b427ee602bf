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
import type * as Layer from "effect/Layer"
import { NotificationPreferencesMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { NotificationPreferencesCalls } from "./notification-preferences-calls.js"

export type { SetPreferenceFailure } from "./notification-preferences-calls.js"

/** What the NotificationPreferences service offers; see its tag for the rules. Its members are declared in notification-preferences-calls.ts. */
export type NotificationPreferencesShape = ShapeOf<typeof NotificationPreferencesCalls>

/** The signed-in user's e-mail notification preferences. */
export class NotificationPreferences
  extends /* @__PURE__ */ Context.Service<NotificationPreferences, NotificationPreferencesShape>()(
    "stackfx/NotificationPreferences"
  )
{
  static readonly layer: Layer.Layer<NotificationPreferences, never, Transport> = /* @__PURE__ */ lazyLayer(
    NotificationPreferences,
    NotificationPreferencesMembers,
    () => import("../live.js").then((m) => m.makeNotificationPreferences)
  )
}
