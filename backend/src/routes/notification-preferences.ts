/**
 * E-mail notification preferences: `GET /emails/notification-preference/{user_id}` lists every category
 * with the user's choice, `PATCH .../{user_id}/{category_id}` `{ enabled }` sets one (clients their own,
 * `me` or their id; servers anyone's), and `GET /emails/unsubscribe-link?code=` (no authentication: it is
 * opened from an e-mail) turns the category of a sent message off. Texts and statuses are the hosted ones.
 */
import * as Effect from "effect/Effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Schema from "effect/Schema"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { NotificationPreference, NotificationPreferenceUpdate } from "@stackfx/lib/domain/notification-preference.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { ALL } from "../http/access.js"
import type { Auth } from "../http/auth.js"
import { endpoint, publicEndpoint } from "../http/endpoint.js"
import { schemaErrorOf } from "../http/request.js"
import { encoded, HttpStatusError } from "../http/respond.js"
import { categoryById, followUnsubscribeLink, listPreferences, setPreference } from "../operations/notification-preferences.js"
import { Db } from "../store/db.js"
import { findUserView } from "../store/users.js"

const PreferenceList = ListResponse(NotificationPreference)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The user a request names, checked as the hosted handlers check it: `me` needs a signed-in user, a client
 * may name only itself, and the user must exist (USER_NOT_FOUND, the hosted `ensureUserExists`).
 */
const preferenceOwner = (auth: Auth, requested: string, verb: "view" | "manage") =>
  Effect.gen(function*() {
    const userId = requested === "me" ? auth.user?.id : requested
    if (userId === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
    if (auth.accessType === "client") {
      if (auth.user === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
      if (userId !== auth.user.id) {
        return yield* Effect.fail(new HttpStatusError({ status: 403, message: `You can only ${verb} your own notification preferences` }))
      }
    }
    if ((yield* findUserView(yield* Db, auth.project.id, userId)) === undefined) {
      return yield* Effect.fail(new UserNotFound({}))
    }
    return userId
  })

/** `user_id` is `me` or a UUID on the hosted routes; anything else fails their schema. */
const checkUserIdParam = (userId: string, request: Parameters<typeof schemaErrorOf>[0]) =>
  userId === "me" || UUID.test(userId)
    ? Effect.void
    : Effect.fail(schemaErrorOf(request, ["params.user_id must be a valid UUID or \"me\""]))

const UnsubscribeQuery = Schema.Struct({ code: Schema.optionalKey(Schema.String) })

const html = (body: string) => HttpServerResponse.text(body, { status: 200, contentType: "text/html" })

export const routes = [
  endpoint({
    method: "GET",
    path: "/emails/notification-preference/:userId",
    access: ALL,
    handler: ({ auth, params, request }) =>
      Effect.gen(function*() {
        const requested = params["userId"] ?? ""
        yield* checkUserIdParam(requested, request)
        const userId = yield* preferenceOwner(auth, requested, "view")
        const items = yield* listPreferences(auth.project.id, userId)
        return yield* encoded(PreferenceList, { items, isPaginated: false })
      })
  }),
  endpoint({
    method: "PATCH",
    path: "/emails/notification-preference/:userId/:categoryId",
    access: ALL,
    body: NotificationPreferenceUpdate,
    handler: ({ auth, body, params, request }) =>
      Effect.gen(function*() {
        const requested = params["userId"] ?? ""
        const categoryId = params["categoryId"] ?? ""
        yield* checkUserIdParam(requested, request)
        if (!UUID.test(categoryId)) {
          return yield* Effect.fail(schemaErrorOf(request, ["params.notification_category_id must be a valid UUID"]))
        }
        // The hosted handler looks the category up before it looks at the caller.
        const category = categoryById(categoryId)
        if (category === undefined) return yield* Effect.fail(new HttpStatusError({ status: 404, message: "Notification category not found" }))
        const userId = yield* preferenceOwner(auth, requested, "manage")
        return yield* encoded(NotificationPreference, yield* setPreference(auth.project.id, userId, category, body.enabled))
      })
  }),
  publicEndpoint({
    method: "GET",
    path: "/emails/unsubscribe-link",
    query: UnsubscribeQuery,
    // A plain route on the hosted service, not one of its schema-checked ones: other parameters are ignored.
    unknownQueryKeys: "ignore",
    handler: ({ query }) =>
      Effect.gen(function*() {
        const code = query.code
        if (code === undefined || code.length !== 45) return HttpServerResponse.text("Invalid code", { status: 400 })
        const outcome = yield* followUnsubscribeLink(code)
        return html(
          outcome === "unsubscribed"
            ? "<p>Successfully unsubscribed from notification group</p>"
            : "<p>You have already unsubscribed from this notification group</p>"
        )
      })
  })
]
