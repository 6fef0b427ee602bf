/** Reading, listing and deleting users. */
import * as Effect from "effect/Effect"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { Refused } from "../../errors/refused.js"
import { Db, type DbEffect } from "../../store/db.js"
import { listTeams } from "../../store/teams/teams.js"
import {
  deleteUser as deleteUserRow,
  findUserSortKey,
  findUserView,
  listUserViews,
  type UserListQuery,
  type UserOrder
} from "../../store/users/users.js"
import { emitWebhooks } from "../webhooks/emit.js"
import { badRequest } from "./user-write-rules.js"

/**
 * Deletes a user with everything that belongs to it; fails with `UserNotFound` when there is none. As the
 * service does, a `team_membership.deleted` per team it belonged to, then `user.deleted` naming those teams.
 */
export const deleteUser = (projectId: string, userId: string): DbEffect<void, UserNotFound> =>
  Db.transaction(
    Effect.gen(function* () {
      const teams = yield* listTeams(projectId, userId)
      const deleted = yield* deleteUserRow(projectId, userId)
      if (!deleted) return yield* Effect.fail(new UserNotFound({}))
      yield* emitWebhooks(projectId, [
        ...teams.map((team) => ({ type: "team_membership.deleted" as const, data: { teamId: team.id, userId } })),
        { type: "user.deleted", data: { id: userId, teams: teams.map((team) => ({ id: team.id })) } }
      ])
    })
  )

/** A user of the project, or `UserNotFound`. */
export const getUser = (projectId: string, userId: string): DbEffect<ServerUser, UserNotFound> =>
  Effect.gen(function* () {
    const user = yield* findUserView(projectId, userId)
    return user === undefined ? yield* Effect.fail(new UserNotFound({})) : user
  })

/** Which users a list has (see `UserListQuery` in the store). */
export type ListedUsers = NonNullable<UserListQuery["include"]>

/** The most users a list without a limit may hold, as on the service. */
const MAX_UNLIMITED_LIST = 1000

/**
 * One page of users by sign-up time or latest activity (then id). `nextCursor` is the id of the page's last
 * user when more follow (the next page starts after it), as on the service; a list without a limit is one
 * page, and one of more than 1,000 users is refused (a plain 400: pass a limit and page).
 */
export const listUsers = (query: {
  readonly projectId: string
  readonly teamId?: string | undefined
  readonly search?: string | undefined
  readonly desc: boolean
  readonly orderBy: UserOrder
  /** The id of the previous page's last user. */
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
  readonly excludedEmailDomains: ReadonlyArray<string>
  readonly include: ListedUsers
}): DbEffect<{ readonly items: ReadonlyArray<ServerUser>; readonly nextCursor: string | null }, Refused> =>
  Effect.gen(function* () {
    let cursor: { readonly at: Date; readonly id: string } | undefined
    if (query.cursor !== undefined) {
      const at = yield* findUserSortKey(query.projectId, query.cursor, query.orderBy)
      // A cursor whose user is gone starts nowhere: the page is empty, not the first page again.
      if (at === undefined) return { items: [], nextCursor: null }
      cursor = { at, id: query.cursor }
    }
    const found = yield* listUserViews({
      projectId: query.projectId,
      teamId: query.teamId,
      search: query.search,
      desc: query.desc,
      orderBy: query.orderBy,
      cursor,
      excludedEmailDomains: query.excludedEmailDomains,
      include: query.include,
      limit: (query.limit ?? MAX_UNLIMITED_LIST) + 1
    })
    if (query.limit === undefined) {
      if (found.length > MAX_UNLIMITED_LIST) {
        return yield* Effect.fail(
          badRequest(
            `Listing more than ${MAX_UNLIMITED_LIST} users requires a limit. Pass limit and paginate using cursor.`
          )
        )
      }
      return { items: found, nextCursor: null }
    }
    const items = found.slice(0, query.limit)
    return { items, nextCursor: found.length > query.limit ? (items.at(-1)?.id ?? null) : null }
  })
