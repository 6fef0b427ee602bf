/** The implementation of {@link NotificationPreferences}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { ListResponse } from "../../domain/list.js"
import { NotificationPreference, type NotificationPreferenceUpdate } from "../../domain/notification-preference.js"
import { announcing } from "../changes/data-changes.js"
import { notificationPreferencesChanges } from "../changes/write-keys.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import { jsonBody, Transport } from "../http/transport.js"
import { NotificationCategoryNotFound } from "../../errors/client/notification-category-not-found.js"
import type { NotificationPreferencesShape } from "./notification-preferences.js"
import { NotificationPreferencesErrors } from "./notification-preferences-errors.js"

const PreferenceList = ListResponse(NotificationPreference)
const basePath = "/emails/notification-preference/me"

export const makeNotificationPreferences: Effect.Effect<NotificationPreferencesShape, never, Transport> = announcing(
  notificationPreferencesChanges,
  Effect.gen(function*() {
    const transport = yield* Transport

    const list = transport.requestJson({ method: "GET", path: basePath }, PreferenceList).pipe(
      Effect.map((page) => page.items),
      documented(...NotificationPreferencesErrors.list)
    )

    const notFound = (categoryId: string) =>
      new NotificationCategoryNotFound({ categoryId, message: `Notification category ${categoryId} not found.` })

    const set = (categoryId: string, enabled: boolean) =>
      // `{ enabled }` is its own wire form (no renamed keys, a boolean the type guarantees): nothing to encode.
      transport.requestJson(
        { method: "PATCH", path: `${basePath}/${segment(categoryId)}`, body: jsonBody({ enabled } satisfies NotificationPreferenceUpdate) },
        NotificationPreference
      ).pipe(
        // An unknown category is a plain 404; an id that is not a UUID fails the route's schema first.
        Effect.catchIf(
          (error) => (error._tag === "HttpError" && error.status === 404) || error._tag === "SchemaError",
          () => Effect.fail(notFound(categoryId))
        ),
        documented(...NotificationPreferencesErrors.set)
      )

    return { list, set } satisfies NotificationPreferencesShape
  })
)
