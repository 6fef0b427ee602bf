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
import type { ServerUserCreate, ServerUserUpdate } from "../../domain/user-inputs.js"
import type { ServerUser } from "../../domain/user.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyImplementation } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { ServerUsersErrors } from "./server-users-errors.js"

/** Options of `ServerUsers.list`: paging and filters. */
export interface ServerUserListOptions {
  /** Page size; without it the whole (filtered) list comes back as one page. */
  readonly limit?: number | undefined
  /** The `nextCursor` of the previous page. */
  readonly cursor?: string | undefined
  /** Newest first. Default false (oldest first). */
  readonly desc?: boolean | undefined
  /** The only order the API offers: sign-up time (ties broken by id). */
  readonly orderBy?: "signedUpAt" | undefined
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

type Fails<Method extends keyof typeof ServerUsersErrors> = FailureOf<typeof ServerUsersErrors, Method>

/** The errors listing users can fail with. */
export type ServerUserListFailure = InvalidInput | Fails<"list">
/** The errors creating a user can fail with. */
export type ServerUserCreateFailure = InvalidInput | Fails<"create">
/** The errors updating a user can fail with. */
export type ServerUserUpdateFailure = InvalidInput | Fails<"update">

/** What `ServerUsers.restrict` records with the restriction. */
export interface UserRestriction {
  /** Shown to the user (their `restrictedByAdminReason`); left as it is when absent, removed with `null`. */
  readonly reason?: string | null | undefined
  /** For administrators only (`restrictedByAdminPrivateDetails`); left as it is when absent, removed with `null`. */
  readonly privateDetails?: string | null | undefined
}

/** What the ServerUsers service offers; see its tag for the rules. */
export interface ServerUsersShape {
  /** `list({ limit: 10 })` then `list({ limit: 10, cursor: page.nextCursor })` for the next page. */
  readonly list: (options?: ServerUserListOptions) => Effect.Effect<ServerUserPage, ServerUserListFailure>
  /**
   * Every user matching `options`, page after page (`limit` is the page size, default 100), fetched lazily
   * as the stream is pulled.
   */
  readonly listAll: (
    options?: Omit<ServerUserListOptions, "cursor">
  ) => Stream.Stream<ServerUser, ServerUserListFailure>
  readonly get: (userId: string) => Effect.Effect<ServerUser, Fails<"get">>
  /**
   * `create({ primaryEmail: "ann@example.com", password: "..." })`; an email used for sign-in must be free. The
   * service stores `primaryEmail` trimmed and lower-cased.
   */
  readonly create: (user: ServerUserCreate) => Effect.Effect<ServerUser, ServerUserCreateFailure>
  /**
   * Absent keys stay unchanged; `selectedTeamId` must be one of the user's teams; a new `primaryEmail` is stored
   * trimmed and lower-cased; `password` (a new one, or `null` to remove it) or `passwordHash` ends every session
   * of the user. `restrictedByAdmin` restricts (`true`, with `restrictedByAdminReason` shown to the user and
   * `restrictedByAdminPrivateDetails` for administrators) or lifts the restriction (`false`, which clears both);
   * a reason or details without the restriction on is an `HttpError` 400. `restrict` / `unrestrict` say it shorter.
   */
  readonly update: (userId: string, patch: ServerUserUpdate) => Effect.Effect<ServerUser, ServerUserUpdateFailure>
  /** Deletes the user with their sessions, memberships and contact channels. */
  readonly delete: (userId: string) => Effect.Effect<void, Fails<"delete">>
  /**
   * An administrator restricts the user: `restrict(id, { reason: "Unpaid invoice", privateDetails: "ticket 42" })`.
   * They stay signed in, with `isRestricted` and `restrictedReason: { type: "restricted_by_administrator" }`
   * (unless an earlier reason applies: anonymous, an unverified e-mail), and the service refuses their session
   * where restricted users are not allowed. `update(id, { restrictedByAdmin: true, ... })` is the same PATCH.
   * Their current access token keeps its state until it is renewed (at most its 10 minutes).
   */
  readonly restrict: (userId: string, restriction?: UserRestriction) => Effect.Effect<ServerUser, InvalidInput | Fails<"restrict">>
  /** Lifts an administrator's restriction; the service clears its reason and private details with it. */
  readonly unrestrict: (userId: string) => Effect.Effect<ServerUser, InvalidInput | Fails<"unrestrict">>
}

/** The members that are requests; `listAll` is built over `list` here. */
export type ServerUserRequests = Omit<ServerUsersShape, "listAll">

const LIST_ALL_PAGE_SIZE = 100

/** Users on the server: create, read, list, update and delete any user. */
export class ServerUsers extends /* @__PURE__ */ Context.Service<ServerUsers, ServerUsersShape>()("stackfx/ServerUsers") {
  static readonly layer: Layer.Layer<ServerUsers, never, Transport> = /* @__PURE__ */ Layer.effect(
    ServerUsers,
    Effect.map(
      lazyImplementation<ServerUserRequests, Transport>(
        "stackfx/ServerUsers",
        {
          list: "function",
          get: "function",
          create: "function",
          update: "function",
          delete: "function",
          restrict: "function",
          unrestrict: "function"
        },
        () => import("../live.js").then((m) => m.makeServerUserRequests)
      ),
      (requests) =>
        ServerUsers.of({
          ...requests,
          listAll: (options = {}) =>
            Stream.paginate(undefined as string | undefined, (cursor) =>
              Effect.map(
                requests.list({ ...options, limit: options.limit ?? LIST_ALL_PAGE_SIZE, cursor }),
                (page) => [page.items, Option.fromNullishOr(page.nextCursor)] as const
              ))
        })
    )
  )
}
