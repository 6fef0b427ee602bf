/**
 * A user's choice for one e-mail notification category (`/emails/notification-preference/{user_id}`), as
 * the hosted service lists it: every category, with the user's choice or the category's default.
 */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** One category and the user's choice for it (`GET /emails/notification-preference/{user_id}` lists them). */
export const NotificationPreference = wireStruct({
  notificationCategoryId: Schema.String,
  notificationCategoryName: Schema.String,
  enabled: Schema.Boolean,
  /** Transactional mail (sign-in codes, verification) cannot be turned off. */
  canDisable: Schema.Boolean
})
export type NotificationPreference = typeof NotificationPreference.Type

/** The body of `PATCH /emails/notification-preference/{user_id}/{category_id}`. */
export const NotificationPreferenceUpdate = Schema.Struct({ enabled: Schema.Boolean })
export type NotificationPreferenceUpdate = typeof NotificationPreferenceUpdate.Type

/**
 * The hosted service's categories: fixed, the same in every project (the service does not store them per
 * project yet). Mail of a category that can be disabled, sent to a user, carries an unsubscribe link.
 */
export const NOTIFICATION_CATEGORIES = [
  { id: "7bb82d33-2f54-4a3d-9d23-82739e0d66ef", name: "Transactional", defaultEnabled: true, canDisable: false },
  { id: "4f6f8873-3d04-46bd-8bef-18338b1a1b4c", name: "Marketing", defaultEnabled: true, canDisable: true }
] as const
/** One of the fixed notification categories. */
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number]
