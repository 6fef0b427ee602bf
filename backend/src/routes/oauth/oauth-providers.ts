/**
 * Linked OAuth providers: `GET /oauth-providers?user_id=`, `GET|PATCH|DELETE /oauth-providers/{user}/{id}`
 * (clients their own links, `me` or their id; servers anyone's) and `POST /oauth-providers` (server and
 * admin: link an account without an OAuth flow, 201). Rules and answers: operations/oauth/linked-providers.ts;
 * the declarations: contract/oauth-providers.ts.
 *
 * The hosted order: the path and body are checked first (a non-UUID user or link id is SCHEMA_ERROR), then
 * the client's own-user rule (a plain 403 naming the action), then the user (USER_NOT_FOUND), then the link
 * (a plain 404).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { LinkId, OAuthProvidersApi, UserIdOrMe } from "@stackfx/lib/contract/oauth-providers.js"
import { CannotGetOwnUserWithoutUser, UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { Refused } from "../../errors/refused.js"
import type { Auth } from "../../http/auth.js"
import { type RequestLine, validate } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import {
  createLink,
  deleteLinkOf,
  getLinkView,
  listLinkViews,
  requireConfigured,
  updateLinkOf
} from "../../operations/oauth/linked-providers.js"
import { findUser } from "../../operations/users/user-lookup.js"

const LinkParams = Schema.Struct({ user_id: UserIdOrMe, provider_id: LinkId })

type Action = "read" | "list" | "update" | "delete"

/**
 * The user a request names, `me` resolved: a client only itself (its own user first: without one,
 * CANNOT_GET_OWN_USER_WITHOUT_USER), a server anyone; the user must exist.
 */
const targetUser = (auth: Auth, requested: string | undefined, action: Action) =>
  Effect.gen(function* () {
    if (auth.accessType === "client" || requested === "me") {
      if (auth.user === undefined) return yield* Effect.fail(new CannotGetOwnUserWithoutUser({}))
    }
    const userId = requested === "me" ? auth.user?.id : requested
    if (auth.accessType === "client" && userId !== auth.user?.id) {
      return yield* Effect.fail(
        new Refused({ reason: "forbidden", message: `Client can only ${action} OAuth providers for their own user.` })
      )
    }
    if (userId === undefined) return undefined
    if ((yield* findUser(auth.project.id, userId)) === undefined) return yield* Effect.fail(new UserNotFound({}))
    return userId
  })

/** The path's user (resolved and checked) and link id. */
const linkTarget = (
  auth: Auth,
  params: { readonly user_id: string; readonly provider_id: string },
  request: RequestLine,
  action: Action
) =>
  Effect.gen(function* () {
    const checked = yield* validate(LinkParams, "params", params, request)
    const userId = yield* targetUser(auth, checked.user_id, action)
    // A UUID or `me`, so the target is always a user here.
    return { userId: userId ?? "", id: checked.provider_id }
  })

export const routes = [
  serve(OAuthProvidersApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      // A server without `user_id` lists every link of the project, as hosted does.
      const userId = yield* targetUser(auth, query.user_id, "list")
      return { items: yield* listLinkViews(auth.project, userId), isPaginated: false as const }
    })
  ),
  serve(OAuthProvidersApi.create, ({ auth, body }) =>
    Effect.gen(function* () {
      yield* requireConfigured(auth.project, body.providerConfigId)
      const userId = (yield* targetUser(auth, body.userId, "update")) ?? ""
      return yield* createLink(auth.project, {
        userId,
        providerConfigId: body.providerConfigId,
        accountId: body.accountId,
        email: body.email,
        allowSignIn: body.allowSignIn,
        allowConnectedAccounts: body.allowConnectedAccounts
      })
    })
  ),
  serve(OAuthProvidersApi.get, ({ auth, params, request }) =>
    Effect.gen(function* () {
      const { userId, id } = yield* linkTarget(auth, params, request, "read")
      return yield* getLinkView(auth.project, userId, id)
    })
  ),
  serve(OAuthProvidersApi.update, ({ auth, body, params, request }) =>
    Effect.gen(function* () {
      const { userId, id } = yield* linkTarget(auth, params, request, "update")
      return yield* updateLinkOf(auth.project, userId, id, body)
    })
  ),
  serve(OAuthProvidersApi.delete, ({ auth, params, request }) =>
    Effect.gen(function* () {
      const { userId, id } = yield* linkTarget(auth, params, request, "delete")
      yield* deleteLinkOf(auth.project, userId, id)
      return { success: true as const }
    })
  )
]
