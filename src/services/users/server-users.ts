/**
 * Any user of the project (server tier and above): list with cursor pagination and search, read, create,
 * update and delete. The signed-in user's own account is `CurrentUser`.
 *
 * @example
 * const users = yield* ServerUsers
 * const page = yield* users.list({ limit: 20, query: "ann" })
 * const everyone = yield* Stream.runCollect(users.listAll({ desc: true }))
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import type { ServerUser } from "../../domain/user.js"
import { ServerUsersMembers } from "../generated/member-kinds.js"
import { lazyImplementation } from "../http/internal/lazy-service.js"
import type { FailureOfMember, ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ServerUsersCalls } from "./server-users-calls.js"

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

/** The members that are requests (server-users-calls.ts); `listAll` is built over `list` here. */
export type ServerUserRequests = ShapeOf<typeof ServerUsersCalls>

/** What the ServerUsers service offers; see its tag for the rules. */
export type ServerUsersShape = ServerUserRequests & {
  /**
   * Every user matching `options`, page after page (`limit` is the page size, default 100), fetched lazily
   * as the stream is pulled.
   */
  readonly listAll: (
    options?: Omit<ServerUserListOptions, "cursor">
  ) => Stream.Stream<ServerUser, ServerUserListFailure>
}

const LIST_ALL_PAGE_SIZE = 100

/** Users on the server: create, read, list, update and delete any user. */
export class ServerUsers
  extends /* @__PURE__ */ Context.Service<ServerUsers, ServerUsersShape>()("stackfx/ServerUsers")
{
  static readonly layer: Layer.Layer<ServerUsers, never, Transport> = /* @__PURE__ */ Layer.effect(
    ServerUsers,
    Effect.map(
      lazyImplementation<ServerUserRequests, Transport>("stackfx/ServerUsers", ServerUsersMembers, () =>
        import("../live.js").then((m) => m.makeServerUserRequests)
      ),
      (requests) =>
        ServerUsers.of({
          ...requests,
          listAll: (options = {}) =>
            Stream.paginate(undefined as string | undefined, (cursor) =>
              Effect.map(
                requests.list({ ...options, limit: options.limit ?? LIST_ALL_PAGE_SIZE, cursor }),
                (page) => [page.items, Option.fromNullishOr(page.nextCursor)] as const
              )
            )
        })
    )
  )
}
