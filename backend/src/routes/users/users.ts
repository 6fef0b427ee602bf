/**
 * Users: the signed-in user (`/users/me`, every tier) and, for server and admin, any user of the project
 * (`/users/{user_id}`, `POST /users`, `GET /users` with cursor pagination). Served from the declarations
 * (contract/current-user.ts, contract/users.ts); a client's body is read with the client view, and server
 * views of a user carry the hosted extras (`withHostedExtras`).
 */
import * as Effect from "effect/Effect"
import { CurrentUserApi } from "@stackfx/lib/contract/current-user.js"
import { UsersApi } from "@stackfx/lib/contract/users.js"
import type { ClientUserUpdate, ServerUserUpdate } from "@stackfx/lib/domain/user-inputs.js"
import type { Auth } from "../../http/auth.js"
import { clientProfileImageCheck, totpSecretCheck } from "../../http/client-input-checks.js"
import type { RequestLine } from "../../http/request.js"
import { serve, unreachable } from "../../http/serve.js"
import { ownUser } from "../../operations/acting-user.js"
import { ownUserToDelete } from "../../operations/users/user-actors.js"
import { excludedEmailDomains, listedUsers } from "../../operations/users/user-list-query.js"
import { withHostedExtras } from "../../operations/users/user-views.js"
import { createUser } from "../../operations/users/create-user.js"
import { updateUser } from "../../operations/users/update-user.js"
import { deleteUser, getUser, listUsers } from "../../operations/users/users.js"

/** The hosted service's further checks of a PATCH body, after its schema. */
const patchChecks = (auth: Auth, patch: ClientUserUpdate | ServerUserUpdate, request: RequestLine) =>
  Effect.andThen(
    totpSecretCheck(patch.totpSecretBase64, request),
    clientProfileImageCheck(auth.accessType, patch.profileImageUrl)
  )

/** A user answer with the hosted service's extras, which the server view carries (the client view drops them). */
const hosted = Effect.map(withHostedExtras)

export const routes = [
  serve(CurrentUserApi.get, ({ auth }) => hosted(ownUser(auth))),
  serve(CurrentUserApi.update, ({ auth, body, request }) =>
    Effect.gen(function* () {
      const user = yield* ownUser(auth)
      yield* patchChecks(auth, body, request)
      // The signed-in user was read with the request's authentication.
      return yield* updateUser(auth.project.id, user.id, body).pipe(unreachable("UserNotFound"), hosted)
    })
  ),
  serve(CurrentUserApi.delete, ({ auth }) =>
    Effect.gen(function* () {
      const user = yield* ownUserToDelete(auth, auth.project.config.clientUserDeletionEnabled)
      // The signed-in user was read with the request's authentication.
      yield* deleteUser(auth.project.id, user.id).pipe(unreachable("UserNotFound"))
      return { success: true as const }
    })
  ),
  // `/users/me` is a route of its own (above), which the router prefers: `user_id` here is an id.
  serve(UsersApi.get, ({ auth, params }) => hosted(getUser(auth.project.id, params.user_id))),
  serve(UsersApi.update, ({ auth, body, params, request }) =>
    Effect.gen(function* () {
      const userId = params.user_id
      yield* patchChecks(auth, body, request)
      return yield* hosted(updateUser(auth.project.id, userId, body))
    })
  ),
  serve(UsersApi.delete, ({ auth, params }) =>
    Effect.gen(function* () {
      yield* deleteUser(auth.project.id, params.user_id)
      return { success: true as const }
    })
  ),
  serve(UsersApi.create, ({ auth, body, request }) =>
    Effect.gen(function* () {
      yield* totpSecretCheck(body.totpSecretBase64, request)
      // No sign-up attempt: the project's sign-up rules are for users signing themselves up; and a new user
      // has no team to select.
      return yield* createUser(auth.project, body).pipe(unreachable("SignUpRejected", "TeamMembershipNotFound"), hosted)
    })
  ),
  serve(UsersApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      const page = yield* listUsers({
        projectId: auth.project.id,
        teamId: query.team_id,
        search: query.query,
        desc: query.desc === "true",
        orderBy: query.order_by ?? "signed_up_at",
        cursor: query.cursor,
        limit: query.limit,
        excludedEmailDomains: yield* excludedEmailDomains(query.excluded_email_domains),
        include: yield* listedUsers(query)
      })
      return {
        items: page.items.map(withHostedExtras),
        isPaginated: true as const,
        pagination: { nextCursor: page.nextCursor }
      }
    })
  )
]
