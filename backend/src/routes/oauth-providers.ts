/**
 * Linked OAuth providers: `GET /oauth-providers?user_id=`, `GET|PATCH|DELETE /oauth-providers/{user}/{id}`
 * (clients their own links, `me` or their id; servers anyone's) and `POST /oauth-providers` (server and
 * admin: link an account without an OAuth flow, 201). Rules and answers: operations/linked-providers.ts.
 *
 * The hosted order: the path and body are checked first (a non-UUID user or link id is SCHEMA_ERROR), then
 * the client's own-user rule (a plain 403 naming the action), then the user (USER_NOT_FOUND), then the link
 * (a plain 404).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  OAuthProvider,
  OAuthProviderList,
  OAuthProviderUpdate,
  ServerOAuthProvider,
  ServerOAuthProviderCreate,
  ServerOAuthProviderList,
  ServerOAuthProviderUpdate
} from "@stackfx/lib/domain/oauth-provider.js"
import { CannotGetOwnUserWithoutUser, UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { ALL, SERVER } from "../http/access.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { type RequestLine, validate } from "../http/request.js"
import { encoded, HttpStatusError, success } from "../http/respond.js"
import { tierBody } from "../http/tier-body.js"
import {
  clientView,
  createLink,
  deleteLinkOf,
  getLinkView,
  type LinkView,
  listLinkViews,
  requireConfigured,
  updateLinkOf
} from "../operations/linked-providers.js"
import { Db } from "../store/db.js"
import { findUserView } from "../store/users.js"

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const Uuid = Schema.String.check(Schema.isPattern(uuidPattern))
/** Hosted `userIdOrMeSchema`: `me` or a UUID. */
const UserIdOrMe = Schema.Union([Schema.Literal("me"), Uuid])

const ListQuery = Schema.Struct({ user_id: Schema.optionalKey(UserIdOrMe) })
const LinkParams = Schema.Struct({ user_id: UserIdOrMe, provider_id: Uuid })

type Action = "read" | "list" | "update" | "delete"

/**
 * The user a request names, `me` resolved: a client only itself (its own user first: without one,
 * CANNOT_GET_OWN_USER_WITHOUT_USER), a server anyone; the user must exist.
 */
const targetUser = (auth: Auth, requested: string | undefined, action: Action) =>
  Effect.gen(function*() {
    if (auth.accessType === "client" || requested === "me") {
      if (auth.user === undefined) return yield* Effect.fail(new CannotGetOwnUserWithoutUser({}))
    }
    const userId = requested === "me" ? auth.user?.id : requested
    if (auth.accessType === "client" && userId !== auth.user?.id) {
      return yield* Effect.fail(
        new HttpStatusError({ status: 403, message: `Client can only ${action} OAuth providers for their own user.` })
      )
    }
    if (userId === undefined) return undefined
    if ((yield* findUserView(yield* Db, auth.project.id, userId)) === undefined) return yield* Effect.fail(new UserNotFound({}))
    return userId
  })

/** The path's user (resolved and checked) and link id. */
const linkTarget = (auth: Auth, params: Readonly<Record<string, string | undefined>>, request: RequestLine, action: Action) =>
  Effect.gen(function*() {
    const checked = yield* validate(LinkParams, "params", params, request)
    const userId = yield* targetUser(auth, checked.user_id, action)
    // A UUID or `me`, so the target is always a user here.
    return { userId: userId ?? "", id: checked.provider_id }
  })

/** A link in the view of the caller's tier. */
const answer = (auth: Auth, link: LinkView, status = 200) =>
  auth.accessType === "client" ? encoded(OAuthProvider, clientView(link), status) : encoded(ServerOAuthProvider, link, status)

export const routes = [
  endpoint({
    method: "GET",
    path: "/oauth-providers",
    access: ALL,
    query: ListQuery,
    handler: ({ auth, query }) =>
      Effect.gen(function*() {
        // A server without `user_id` lists every link of the project, as hosted does.
        const userId = yield* targetUser(auth, query.user_id, "list")
        const links = yield* listLinkViews(auth.project, userId)
        return auth.accessType === "client"
          ? yield* encoded(OAuthProviderList, { items: links.map(clientView), isPaginated: false })
          : yield* encoded(ServerOAuthProviderList, { items: links, isPaginated: false })
      })
  }),
  endpoint({
    method: "POST",
    path: "/oauth-providers",
    access: SERVER,
    body: ServerOAuthProviderCreate,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        yield* requireConfigured(auth.project, body.providerConfigId)
        const userId = (yield* targetUser(auth, body.userId, "update")) ?? ""
        const link = yield* createLink(auth.project, {
          userId,
          providerConfigId: body.providerConfigId,
          accountId: body.accountId,
          email: body.email,
          allowSignIn: body.allowSignIn,
          allowConnectedAccounts: body.allowConnectedAccounts
        })
        return yield* answer(auth, link, 201)
      })
  }),
  endpoint({
    method: "GET",
    path: "/oauth-providers/:user_id/:provider_id",
    access: ALL,
    handler: ({ auth, params, request }) =>
      Effect.gen(function*() {
        const { userId, id } = yield* linkTarget(auth, params, request, "read")
        return yield* answer(auth, yield* getLinkView(auth.project, userId, id))
      })
  }),
  endpoint({
    method: "PATCH",
    path: "/oauth-providers/:user_id/:provider_id",
    access: ALL,
    handler: ({ auth, body, params, request }) =>
      Effect.gen(function*() {
        const patch = yield* tierBody(auth, body, request, {
          client: OAuthProviderUpdate,
          server: ServerOAuthProviderUpdate,
          serverOnlyFields: ["email", "account_id"]
        })
        const { userId, id } = yield* linkTarget(auth, params, request, "update")
        return yield* answer(auth, yield* updateLinkOf(auth.project, userId, id, patch))
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/oauth-providers/:user_id/:provider_id",
    access: ALL,
    handler: ({ auth, params, request }) =>
      Effect.gen(function*() {
        const { userId, id } = yield* linkTarget(auth, params, request, "delete")
        yield* deleteLinkOf(auth.project, userId, id)
        return success
      })
  })
]
