/**
 * Linked OAuth providers: `GET /oauth-providers?user_id=`, `GET|PATCH|DELETE /oauth-providers/{user}/{id}`
 * (clients their own links, `me` or their id; servers anyone's) and `POST /oauth-providers` (server and
 * admin: link an account without an OAuth flow, 201). Rules and answers: oauth/operations/linked-providers.ts;
 * the declarations: contract/oauth-providers.ts.
 *
 * The hosted order: the path, body and query are checked first (the declarations' schemas: a non-UUID user or
 * link id is SCHEMA_ERROR), then
 * the client's own-user rule (a plain 403 naming the action), then the user (USER_NOT_FOUND), then the link
 * (a plain 404).
 */
import * as Effect from "effect/Effect"
import { OAuthProvidersApi } from "@stackfx/lib/contract/oauth-providers.js"
import type { Auth } from "../../http/auth.js"
import { serve } from "../../http/serve.js"
import {
  createLink,
  deleteLinkOf,
  getLinkView,
  listLinkViews,
  requireConfigured,
  updateLinkOf
} from "../operations/linked-providers.js"
import { type LinkAction, linkOwner } from "../operations/oauth-actors.js"

/** The path's user (resolved and checked) and link id. */
const linkTarget = (
  auth: Auth,
  params: { readonly user_id: string; readonly provider_id: string },
  action: LinkAction
) => Effect.map(linkOwner(auth, params.user_id, action), (userId) => ({ userId, id: params.provider_id }))

export const routes = [
  serve(OAuthProvidersApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      // A server without `user_id` lists every link of the project, as hosted does.
      const userId = yield* linkOwner(auth, query.user_id, "list")
      return { items: yield* listLinkViews(auth.project, userId), isPaginated: false as const }
    })
  ),
  serve(OAuthProvidersApi.create, ({ auth, body }) =>
    Effect.gen(function* () {
      yield* requireConfigured(auth.project, body.providerConfigId)
      const userId = yield* linkOwner(auth, body.userId, "update")
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
  serve(OAuthProvidersApi.get, ({ auth, params }) =>
    Effect.gen(function* () {
      const { userId, id } = yield* linkTarget(auth, params, "read")
      return yield* getLinkView(auth.project, userId, id)
    })
  ),
  serve(OAuthProvidersApi.update, ({ auth, body, params }) =>
    Effect.gen(function* () {
      const { userId, id } = yield* linkTarget(auth, params, "update")
      return yield* updateLinkOf(auth.project, userId, id, body)
    })
  ),
  serve(OAuthProvidersApi.delete, ({ auth, params }) =>
    Effect.gen(function* () {
      const { userId, id } = yield* linkTarget(auth, params, "delete")
      yield* deleteLinkOf(auth.project, userId, id)
      return { success: true as const }
    })
  )
]
