/**
 * Users: the signed-in user (`/users/me`, every tier) and, for server and admin, any user of the project
 * (`/users/{user_id}`, `POST /users`, `GET /users` with cursor pagination). Served from the declarations
 * (contract/current-user.ts, contract/users.ts); a client's body is read with the client view, and server
 * views of a user carry the hosted extras (`withHostedExtras`).
 */
import * as Effect from "effect/Effect"
import { CurrentUserApi } from "@stackfx/lib/contract/current-user.js"
import { UserListQuery, UsersApi } from "@stackfx/lib/contract/users.js"
import type { ClientUserUpdate, ServerUserUpdate } from "@stackfx/lib/domain/user-inputs.js"
import { CannotGetOwnUserWithoutUser } from "@stackfx/lib/errors/known/users.js"
import { Refused } from "../../errors/refused.js"
import type { Auth } from "../../http/auth.js"
import { clientProfileImageCheck, totpSecretCheck } from "../../http/client-input-checks.js"
import type { RequestLine } from "../../http/request.js"
import { serve, unreachable } from "../../http/serve.js"
import { withHostedExtras } from "../../operations/users/user-views.js"
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  type ListedUsers,
  updateUser
} from "../../operations/users/users.js"

/**
 * Which users `GET /users` lists, from its flags as the hosted service reads them (all default to false):
 * none lists only unrestricted users; `include_restricted` adds restricted ones but not anonymous ones;
 * `include_anonymous` lists everybody; `only_anonymous` (which needs `include_anonymous`) only anonymous ones.
 */
const listedUsers = (query: typeof UserListQuery.Type): Effect.Effect<ListedUsers, Refused> => {
  if (query.only_anonymous === "true") {
    return query.include_anonymous === "true"
      ? Effect.succeed("anonymous")
      : Effect.fail(new Refused({ reason: "invalid", message: "only_anonymous=true requires include_anonymous=true" }))
  }
  if (query.include_anonymous === "true") return Effect.succeed("all")
  return Effect.succeed(query.include_restricted === "true" ? "restricted" : "unrestricted")
}

/** An exact e-mail domain, as the service checks `excluded_email_domains` (labels of letters, digits, hyphens). */
const EMAIL_DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
/** The most domains one list may leave out (the service's bound). */
const MAX_EXCLUDED_EMAIL_DOMAINS = 100

/**
 * `excluded_email_domains` as the service reads it: comma-separated, each trimmed, a leading `@` dropped,
 * lower-cased, blanks skipped, duplicates once; a domain that is not one, or more than 100, a plain 400.
 */
const excludedEmailDomains = (text: string | undefined): Effect.Effect<ReadonlyArray<string>, Refused> => {
  const domains = new Set<string>()
  for (const raw of (text ?? "").split(",")) {
    const domain = raw.trim().replace(/^@/, "").toLowerCase()
    if (domain === "") continue
    if (!EMAIL_DOMAIN.test(domain)) {
      return Effect.fail(
        new Refused({
          reason: "invalid",
          message: "excluded_email_domains must be a comma-separated list of valid domains"
        })
      )
    }
    domains.add(domain)
  }
  return domains.size > MAX_EXCLUDED_EMAIL_DOMAINS
    ? Effect.fail(
        new Refused({
          reason: "invalid",
          message: `excluded_email_domains cannot contain more than ${MAX_EXCLUDED_EMAIL_DOMAINS} domains`
        })
      )
    : Effect.succeed([...domains])
}

/** The hosted service's further checks of a PATCH body, after its schema. */
const patchChecks = (auth: Auth, patch: ClientUserUpdate | ServerUserUpdate, request: RequestLine) =>
  Effect.andThen(
    totpSecretCheck(patch.totpSecretBase64, request),
    clientProfileImageCheck(auth.accessType, patch.profileImageUrl)
  )

const currentUser = (auth: Auth) =>
  auth.user === undefined ? Effect.fail(new CannotGetOwnUserWithoutUser({})) : Effect.succeed(auth.user)

/** A user answer with the hosted service's extras, which the server view carries (the client view drops them). */
const hosted = Effect.map(withHostedExtras)

export const routes = [
  serve(CurrentUserApi.get, ({ auth }) => hosted(currentUser(auth))),
  serve(CurrentUserApi.update, ({ auth, body, request }) =>
    Effect.gen(function* () {
      const user = yield* currentUser(auth)
      yield* patchChecks(auth, body, request)
      // The signed-in user was read with the request's authentication.
      return yield* updateUser(auth.project.id, user.id, body).pipe(unreachable("UserNotFound"), hosted)
    })
  ),
  serve(CurrentUserApi.delete, ({ auth }) =>
    Effect.gen(function* () {
      const user = yield* currentUser(auth)
      if (auth.accessType === "client" && !auth.project.config.clientUserDeletionEnabled) {
        return yield* Effect.fail(
          new Refused({ reason: "invalid", message: "Client user deletion is not enabled for this project" })
        )
      }
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
