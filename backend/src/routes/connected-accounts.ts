/**
 * `POST /connected-accounts/{userId|me}/{provider}/access-token` with `{ scope? }`: the provider access token
 * of a connected account, `{ access_token }`. Clients may ask for themselves only; servers for any user.
 * `POST /auth/oauth/connected-accounts/{provider}/access-token` is the older path of the signed-in user's
 * own token, which the hosted service still answers (deprecated there, kept for older clients).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ConnectedAccountAccessToken } from "@stackfx/lib/domain/tokens.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, HttpStatusError } from "../http/respond.js"
import { connectedAccountAccessToken } from "../operations/connected-accounts.js"
import { Db } from "../store/db.js"
import { findUserView } from "../store/users.js"
import { ALL } from "../http/access.js"

const Body = Schema.Struct({ scope: Schema.optionalKey(Schema.String) })

const accessTokenFor = (auth: Auth, requested: string, providerId: string, scope: string | undefined) =>
  Effect.gen(function*() {
    let userId: string
    if (requested === "me") {
      if (auth.user === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
      userId = auth.user.id
    } else if (auth.accessType === "client") {
      if (auth.user?.id !== requested) {
        return yield* Effect.fail(
          new HttpStatusError({ status: 403, message: "Client can only access its own connected accounts" })
        )
      }
      userId = requested
    } else {
      const user = yield* findUserView(yield* Db, auth.project.id, requested)
      if (user === undefined) return yield* Effect.fail(new UserNotFound({}))
      userId = user.id
    }
    const accessToken = yield* connectedAccountAccessToken(auth.project, userId, providerId, scope)
    return yield* encoded(ConnectedAccountAccessToken, { accessToken }, 201)
  })

export const routes = [
  endpoint({
    method: "POST",
    path: "/connected-accounts/:userId/:providerId/access-token",
    access: ALL,
    body: Body,
    handler: ({ auth, body, params }) => accessTokenFor(auth, params["userId"] ?? "", params["providerId"] ?? "", body.scope)
  }),
  endpoint({
    method: "POST",
    path: "/auth/oauth/connected-accounts/:providerId/access-token",
    access: ALL,
    body: Body,
    handler: ({ auth, body, params }) => accessTokenFor(auth, "me", params["providerId"] ?? "", body.scope)
  })
]
