/** The requests of {@link ServerUsers}, loaded on first use (see lazy-service.ts): declared calls (server-users-calls.ts). */
import * as Effect from "effect/Effect"
import { MAX_USERS_PAGE, UsersApi } from "../../contract/users.js"
import { InvalidInput } from "../../errors/client/invalid-input.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import type { ServerUserListOptions, ServerUserPage, UserRestriction } from "./server-users.js"
import { ServerUsersCalls } from "./server-users-calls.js"

const checkLimit = (limit: number | undefined): Effect.Effect<void, InvalidInput> =>
  limit === undefined || (Number.isInteger(limit) && limit > 0 && limit <= MAX_USERS_PAGE)
    ? Effect.void
    : Effect.fail(
        new InvalidInput({ message: `limit must be a positive integer of at most ${MAX_USERS_PAGE}, got ${limit}` })
      )

/** The service answers `only_anonymous` without `include_anonymous` with a plain 400; refused here first. */
const checkFilters = (options: ServerUserListOptions): Effect.Effect<void, InvalidInput> =>
  options.onlyAnonymous === true && options.includeAnonymous !== true
    ? Effect.fail(new InvalidInput({ message: "onlyAnonymous requires includeAnonymous" }))
    : Effect.void

/** A flag as the query wants it: `"true"` when set, left out otherwise (the service's default is false). */
const flag = (value: boolean | undefined): "true" | undefined => (value === true ? "true" : undefined)

/** The query without its absent keys. */
const defined = <T extends Record<string, string | undefined>>(query: T) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>
  }

export const makeServerUserRequests = implement(
  ServerUsersCalls,
  Effect.gen(function* () {
    const transport = yield* Transport
    const listUsers = caller(transport, UsersApi.list, "server")
    const patchUser = caller(transport, UsersApi.update, "server")

    const list = (options: ServerUserListOptions = {}) =>
      checkLimit(options.limit).pipe(
        Effect.andThen(checkFilters(options)),
        Effect.andThen(
          listUsers({
            query: defined({
              limit: options.limit === undefined ? undefined : String(options.limit),
              cursor: options.cursor,
              desc: options.desc === undefined ? undefined : options.desc ? ("true" as const) : ("false" as const),
              order_by:
                options.orderBy === undefined
                  ? undefined
                  : options.orderBy === "lastActiveAt"
                    ? ("last_active_at" as const)
                    : ("signed_up_at" as const),
              query: options.query,
              excluded_email_domains:
                options.excludedEmailDomains === undefined ? undefined : options.excludedEmailDomains.join(","),
              team_id: options.teamId,
              include_restricted: flag(options.includeRestricted),
              include_anonymous: flag(options.includeAnonymous),
              only_anonymous: flag(options.onlyAnonymous)
            })
          })
        ),
        Effect.map((page): ServerUserPage => ({
          items: page.items,
          nextCursor: page.isPaginated ? page.pagination.nextCursor : null
        }))
      )

    const restrict = (userId: string, restriction: UserRestriction = {}) =>
      patchUser({
        params: { user_id: userId },
        body: {
          restrictedByAdmin: true,
          ...(restriction.reason === undefined ? {} : { restrictedByAdminReason: restriction.reason }),
          ...(restriction.privateDetails === undefined
            ? {}
            : { restrictedByAdminPrivateDetails: restriction.privateDetails })
        }
      })

    const unrestrict = (userId: string) =>
      patchUser({ params: { user_id: userId }, body: { restrictedByAdmin: false } })

    return { list, restrict, unrestrict }
  })
)
