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
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { Refused } from "../../errors/refused.js"
import type { Auth } from "../../http/auth.js"
import { schemaErrorOf } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import {
  categoryById,
  followUnsubscribeLink,
  listPreferences,
  setPreference
} from "../../operations/users/notification-preferences.js"
import { findUser } from "../../operations/users/user-lookup.js"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The user a request names, checked as the hosted handlers check it: `me` needs a signed-in user, a client
 * may name only itself, and the user must exist (USER_NOT_FOUND, the hosted `ensureUserExists`).
 */
const preferenceOwner = (auth: Auth, requested: string, verb: "view" | "manage") =>
  Effect.gen(function* () {
    const userId = requested === "me" ? auth.user?.id : requested
    if (userId === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
    if (auth.accessType === "client") {
      if (auth.user === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
      if (userId !== auth.user.id) {
        return yield* Effect.fail(
          new Refused({ reason: "forbidden", message: `You can only ${verb} your own notification preferences` })
        )
      }
    }
    if ((yield* findUser(auth.project.id, userId)) === undefined) {
      return yield* Effect.fail(new UserNotFound({}))
    }
    return userId
  })

/** `user_id` is `me` or a UUID on the hosted routes; anything else fails their schema. */
const checkUserIdParam = (userId: string, request: Parameters<typeof schemaErrorOf>[0]) =>
  userId === "me" || UUID.test(userId)
    ? Effect.void
    : Effect.fail(schemaErrorOf(request, ['params.user_id must be a valid UUID or "me"']))

const html = (body: string) => HttpServerResponse.text(body, { status: 200, contentType: "text/html" })

export const routes = [
  serve(NotificationPreferencesApi.list, ({ auth, params, request }) =>
    Effect.gen(function* () {
      yield* checkUserIdParam(params.user_id, request)
      const userId = yield* preferenceOwner(auth, params.user_id, "view")
      return { items: yield* listPreferences(auth.project.id, userId), isPaginated: false as const }
    })
  ),
  serve(NotificationPreferencesApi.set, ({ auth, body, params, request }) =>
    Effect.gen(function* () {
      const categoryId = params.notification_category_id
      yield* checkUserIdParam(params.user_id, request)
      if (!UUID.test(categoryId)) {
        return yield* Effect.fail(schemaErrorOf(request, ["params.notification_category_id must be a valid UUID"]))
      }
      // The hosted handler looks the category up before it looks at the caller.
      const category = categoryById(categoryId)
      if (category === undefined)
        return yield* Effect.fail(new Refused({ reason: "not-found", message: "Notification category not found" }))
      const userId = yield* preferenceOwner(auth, params.user_id, "manage")
      return yield* setPreference(auth.project.id, userId, category, body.enabled)
    })
  ),
  serve(NotificationPreferencesApi.unsubscribe, ({ query }) =>
    Effect.gen(function* () {
      const code = query.code
      if (code === undefined || code.length !== 45) return HttpServerResponse.text("Invalid code", { status: 400 })
      const outcome = yield* followUnsubscribeLink(code)
      return html(
        outcome === "unsubscribed"
          ? "<p>Successfully unsubscribed from notification group</p>"
          : "<p>You have already unsubscribed from this notification group</p>"
      )
    })
  )
]
