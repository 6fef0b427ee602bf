/**
 * Any user of the project (server tier and above): list with cursor pagination and search, read, create,
 * update and delete. The signed-in user's own account is `CurrentUser`.
 *
 * @example
 * const users = yield* ServerUsers
 * const page = yield* users.list({ limit: 20, query: "ann" })
 * const everyone = yield* Stream.runCollect(users.listAll({ desc: true }))
 */
import * as Effect from "effect/Effect"
import type * as Stream from "effect/Stream"
import type { ServerUser } from "../../domain/user.js"
import {
  allPages,
  caller,
  type CallFailureAt,
  custom,
  type FailureOfMember,
  functionCall,
  implement
} from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { UsersApi, MAX_USERS_PAGE } from "../../contract/users.js"
import type { ServerUserCreate, ServerUserUpdate } from "../../domain/user-inputs.js"
import { InvalidInput } from "../../errors/client/invalid-input.js"

/** Options of `ServerUsers.list`: paging and filters. */
export interface ServerUserListOptions {
  /**
   * Page size, at most 1,000; without it the whole (filtered) list comes back as one page, which the service
   * refuses (`HttpError` 400) when it holds more than 1,000 users.
   */
  readonly limit?: number | undefined
  /** The `nextCursor` of the previous page. */
  readonly cursor?: string | undefined
  /** Newest first. Default false (oldest first). */
  readonly desc?: boolean | undefined
  /** Sign-up time (the default) or the time of the latest activity, ties broken by id. */
  readonly orderBy?: "signedUpAt" | "lastActiveAt" | undefined
  /**
   * Leaves out users whose primary e-mail is at one of these domains (exactly: `gmail.com` does not leave out
   * `mail.gmail.com`), at most 100.
   */
  readonly excludedEmailDomains?: ReadonlyArray<string> | undefined
  /** Matches display name, primary email (substring, any case) or the exact user id. */
  readonly query?: string | undefined
  /** Only members of this team. */
  readonly teamId?: string | undefined
  /**
   * Also restricted users (an unverified e-mail where the project requires one; an administrator's
   * restriction), still without anonymous ones. By default the list has only unrestricted users.
   */
  readonly includeRestricted?: boolean | undefined
  /** Every user: anonymous, restricted and unrestricted ones. */
  readonly includeAnonymous?: boolean | undefined
  /** Only anonymous users; needs `includeAnonymous` (else `InvalidInput`, before any request). */
  readonly onlyAnonymous?: boolean | undefined
}

/** One page of users; `nextCursor` is `null` on the last page. */
export interface ServerUserPage {
  readonly items: ReadonlyArray<ServerUser>
  readonly nextCursor: string | null
}

type Fails<Member extends keyof typeof ServerUsersCalls> = FailureOfMember<typeof ServerUsersCalls, Member>

/** The errors listing users can fail with. */
export type ServerUserListFailure = Fails<"list">
/** The errors creating a user can fail with. */
export type ServerUserCreateFailure = Fails<"create">
/** The errors updating a user can fail with. */
export type ServerUserUpdateFailure = Fails<"update">

/** What `ServerUsers.restrict` records with the restriction. */
export interface UserRestriction {
  /** Shown to the user (their `restrictedByAdminReason`); left as it is when absent, removed with `null`. */
  readonly reason?: string | null | undefined
  /** For administrators only (`restrictedByAdminPrivateDetails`); left as it is when absent, removed with `null`. */
  readonly privateDetails?: string | null | undefined
}

/** The page size of `listAll` when its options name none. */
const LIST_ALL_PAGE_SIZE = 100

const user = (userId: string) => ({ params: { user_id: userId } })
const nothing = (): void => undefined

/** What the PATCH of a restriction can fail with: the update's errors. */
type RestrictFailure = InvalidInput | CallFailureAt<typeof UsersApi.update, "server">

/** Users on the server: create, read, list, update and delete any user. */
export const ServerUsersCalls = {
  /** `list({ limit: 10 })` then `list({ limit: 10, cursor: page.nextCursor })` for the next page. */
  list: custom<
    (
      options?: ServerUserListOptions
    ) => Effect.Effect<ServerUserPage, InvalidInput | CallFailureAt<typeof UsersApi.list, "server">>
  >("function"),
  get: functionCall(UsersApi.get, "server", user),
  /**
   * `create({ primaryEmail: "ann@example.com", password: "..." })`; an email used for sign-in must be free. The
   * service stores `primaryEmail` trimmed and lower-cased.
   */
  create: functionCall(UsersApi.create, "server", (newUser: ServerUserCreate) => ({ body: newUser })),
  /**
   * Absent keys stay unchanged; `selectedTeamId` must be one of the user's teams; a new `primaryEmail` is stored
   * trimmed and lower-cased; `password` (a new one, or `null` to remove it) or `passwordHash` ends every session
   * of the user. `restrictedByAdmin` restricts (`true`, with `restrictedByAdminReason` shown to the user and
   * `restrictedByAdminPrivateDetails` for administrators) or lifts the restriction (`false`, which clears both);
   * a reason or details without the restriction on is an `HttpError` 400. `restrict` / `unrestrict` say it shorter.
   */
  update: functionCall(UsersApi.update, "server", (userId: string, patch: ServerUserUpdate) => ({
    ...user(userId),
    body: patch
  })),
  /** Deletes the user with their sessions, memberships and contact channels. */
  delete: functionCall(UsersApi.delete, "server", user, nothing),
  /**
   * An administrator restricts the user: `restrict(id, { reason: "Unpaid invoice", privateDetails: "ticket 42" })`.
   * They stay signed in, with `isRestricted` and `restrictedReason: { type: "restricted_by_administrator" }`
   * (unless an earlier reason applies: anonymous, an unverified e-mail), and the service refuses their session
   * where restricted users are not allowed. `update(id, { restrictedByAdmin: true, ... })` is the same PATCH.
   * Their current access token keeps its state until it is renewed (at most its 10 minutes).
   */
  restrict: custom<(userId: string, restriction?: UserRestriction) => Effect.Effect<ServerUser, RestrictFailure>>(
    "function",
    UsersApi.update.changes
  ),
  /** Lifts an administrator's restriction; the service clears its reason and private details with it. */
  unrestrict: custom<(userId: string) => Effect.Effect<ServerUser, RestrictFailure>>(
    "function",
    UsersApi.update.changes
  ),
  /**
   * Every user matching `options`, page after page (`limit` is the page size, default 100), fetched lazily
   * as the stream is pulled.
   */
  listAll: allPages<
    (
      options?: Omit<ServerUserListOptions, "cursor">
    ) => Stream.Stream<ServerUser, InvalidInput | CallFailureAt<typeof UsersApi.list, "server">>
  >("list", LIST_ALL_PAGE_SIZE)
}

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

export const makeServerUsers = implement(
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
