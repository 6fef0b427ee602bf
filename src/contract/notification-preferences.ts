/**
 * E-mail notification preferences (`/emails/notification-preference/{user_id}`): every category with the
 * user's choice, and one category switched on or off (a client its own, `me` or its id; server and admin
 * anyone's). An unknown category is a plain 404, a category id that is not a UUID SCHEMA_ERROR. The
 * unsubscribe link of a sent message (`/emails/unsubscribe-link?code=`, no authentication: it is opened
 * from an e-mail) turns its category off and answers a page.
 */
import * as Schema from "effect/Schema"
import { ListResponse } from "../domain/list.js"
import { NotificationPreference, NotificationPreferenceUpdate } from "../domain/notification-preference.js"
import { NotificationCategoryId, UserIdOrMe } from "../domain/ids.js"
import { accountKeys } from "./data-keys.js"
import { ALL } from "./access.js"
import { endpoint } from "./declaration.js"

export const NotificationPreferencesApi = {
  list: endpoint({
    name: "notificationPreferences.list",
    summary: "Every notification category with the user's choice",
    method: "GET",
    path: "/emails/notification-preference/{user_id}",
    params: { user_id: UserIdOrMe },
    access: ALL,
    success: ListResponse(NotificationPreference),
    errors: { client: ["UserAuthenticationRequired"], server: ["UserAuthenticationRequired", "UserNotFound"] }
  }),
  set: endpoint({
    name: "notificationPreferences.set",
    summary: "Turns one category on or off for the user",
    method: "PATCH",
    path: "/emails/notification-preference/{user_id}/{notification_category_id}",
    params: { user_id: UserIdOrMe, notification_category_id: NotificationCategoryId },
    access: ALL,
    body: NotificationPreferenceUpdate,
    success: NotificationPreference,
    errors: {
      client: ["UserAuthenticationRequired", "SchemaError"],
      server: ["UserAuthenticationRequired", "SchemaError", "UserNotFound"]
    },
    changes: [accountKeys.notificationPreferences]
  }),
  unsubscribe: endpoint({
    name: "notificationPreferences.unsubscribe",
    summary: "Follows an e-mail's unsubscribe link: its category is turned off (an HTML page)",
    method: "GET",
    path: "/emails/unsubscribe-link",
    access: "public",
    query: Schema.Struct({ code: Schema.optionalKey(Schema.String) }),
    // A plain route on the hosted service, not one of its schema-checked ones: other parameters are ignored.
    unknownQueryKeys: "ignore",
    success: { raw: "html" },
    errors: ["VerificationCodeNotFound", "VerificationCodeExpired"]
  })
}
