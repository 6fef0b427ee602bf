/**
 * Member profiles (`/team-member-profiles`): a member's name and picture inside a team. Clients list a
 * team they belong to (`team_id` required) and need `$read_members` to see anyone but themselves; a user
 * edits only their own profile. Server and admin see every profile with its user.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { AccessType } from "@stackfx/lib/domain/api.js"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { TeamMemberProfile, TeamMemberProfileUpdate } from "@stackfx/lib/domain/team-member-profile.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, HttpStatusError, json } from "../http/respond.js"
import { ensureMembership, ensureTeam, ensureUser } from "../operations/team-access.js"
import { serverMemberProfileListResponse, serverMemberProfileWire } from "../operations/user-views.js"
import { requireTeamPermission } from "../operations/team-permissions.js"
import { Db, type DbShape } from "../store/db.js"
import { listMemberProfiles, type MemberProfileRow, updateMemberProfile } from "../store/teams.js"
import { findUserView, listUserViews } from "../store/users.js"
import { ALL } from "../http/access.js"
import { ownUser, param, resolveUserId } from "./team-helpers.js"

const ClientProfileList = ListResponse(TeamMemberProfile)

const ListQuery = Schema.Struct({
  team_id: Schema.optionalKey(Schema.String),
  user_id: Schema.optionalKey(Schema.String)
})

/** The users behind the profiles, for the server view (one query per team or user, not per member). */
const usersOf = (db: DbShape, projectId: string, filter: { readonly teamId?: string | undefined; readonly userId?: string | undefined }) =>
  Effect.gen(function*() {
    if (filter.userId !== undefined) {
      const user = yield* findUserView(db, projectId, filter.userId)
      return new Map<string, ServerUser>(user === undefined ? [] : [[user.id, user]])
    }
    const users = yield* listUserViews(db, { projectId, teamId: filter.teamId, desc: false })
    return new Map(users.map((user) => [user.id, user]))
  })

const withUsers = (db: DbShape, projectId: string, profiles: ReadonlyArray<MemberProfileRow>, filter: { readonly teamId?: string | undefined; readonly userId?: string | undefined }) =>
  Effect.gen(function*() {
    const users = yield* usersOf(db, projectId, filter)
    return profiles.flatMap((profile) => {
      const user = users.get(profile.userId)
      return user === undefined ? [] : [{ ...profile, user }]
    })
  })

const profileResponse = (db: DbShape, auth: Auth, profile: MemberProfileRow) =>
  Effect.gen(function*() {
    if (auth.accessType === "client") return yield* encoded(TeamMemberProfile, profile)
    const [full] = yield* withUsers(db, auth.project.id, [profile], { userId: profile.userId })
    if (full === undefined) return yield* Effect.die(new Error("member profile without its user"))
    return json(yield* serverMemberProfileWire(full))
  })

/** A client reading someone else's profile in a team needs `$read_members` there. */
const clientMayRead = (db: DbShape, auth: Auth, teamId: string, userId: string | undefined) =>
  Effect.gen(function*() {
    if (auth.accessType !== "client") return
    const me = yield* ownUser(auth)
    yield* ensureMembership(db, auth.project.id, teamId, me.id)
    if (userId !== me.id) {
      yield* requireTeamPermission(db, { projectId: auth.project.id, teamId, userId: me.id, permissionId: "$read_members" }, "required")
    }
  })

const findProfile = (db: DbShape, projectId: string, teamId: string, userId: string) =>
  Effect.gen(function*() {
    yield* ensureMembership(db, projectId, teamId, userId)
    const [profile] = yield* listMemberProfiles(db, { projectId, teamId, userId })
    if (profile === undefined) return yield* Effect.die(new Error("membership without a profile"))
    return profile
  })

const isClient = (accessType: AccessType) => accessType === "client"

export const routes = [
  endpoint({
    method: "GET",
    path: "/team-member-profiles",
    access: ALL,
    query: ListQuery,
    handler: ({ auth, query }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const userId = query.user_id === undefined ? undefined : yield* resolveUserId(auth, query.user_id)
        const teamId = query.team_id
        if (isClient(auth.accessType)) {
          yield* ownUser(auth)
          if (teamId === undefined) {
            return yield* Effect.fail(new HttpStatusError({ status: 400, message: "team_id is required for access type client" }))
          }
          yield* clientMayRead(db, auth, teamId, userId)
          const profiles = yield* listMemberProfiles(db, { projectId: auth.project.id, teamId, userId })
          return yield* encoded(ClientProfileList, { items: profiles, isPaginated: false })
        }
        if (teamId !== undefined) yield* ensureTeam(db, auth.project.id, teamId)
        if (userId !== undefined) yield* ensureUser(db, auth.project.id, userId)
        const profiles = yield* listMemberProfiles(db, { projectId: auth.project.id, teamId, userId })
        const items = yield* withUsers(db, auth.project.id, profiles, { teamId, userId })
        return yield* serverMemberProfileListResponse(items)
      })
  }),
  endpoint({
    method: "GET",
    path: "/team-member-profiles/:teamId/:userId",
    access: ALL,
    handler: ({ auth, params }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const teamId = param(params, "teamId")
        const userId = yield* resolveUserId(auth, param(params, "userId"))
        yield* clientMayRead(db, auth, teamId, userId)
        return yield* profileResponse(db, auth, yield* findProfile(db, auth.project.id, teamId, userId))
      })
  }),
  endpoint({
    method: "PATCH",
    path: "/team-member-profiles/:teamId/:userId",
    access: ALL,
    body: TeamMemberProfileUpdate,
    handler: ({ auth, body, params }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const teamId = param(params, "teamId")
        const userId = yield* resolveUserId(auth, param(params, "userId"))
        if (isClient(auth.accessType) && userId !== (yield* ownUser(auth)).id) {
          return yield* Effect.fail(new HttpStatusError({ status: 403, message: "Cannot update another user's profile" }))
        }
        const profile = yield* db.transaction(Effect.gen(function*() {
          yield* ensureMembership(db, auth.project.id, teamId, userId)
          yield* updateMemberProfile(db, { projectId: auth.project.id, teamId, userId }, body)
          return yield* findProfile(db, auth.project.id, teamId, userId)
        }))
        return yield* profileResponse(db, auth, profile)
      })
  })
]
