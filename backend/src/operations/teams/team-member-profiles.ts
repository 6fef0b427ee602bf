/**
 * Member profiles: a member's name and picture inside a team, each with its user (server view; the
 * client view drops it), and who may read them.
 */
import * as Effect from "effect/Effect"
import type { ServerTeamMemberProfile, TeamMemberProfileUpdate } from "@stackfx/lib/domain/team-member-profile.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { Db } from "../../store/db.js"
import { listMemberProfiles, type MemberProfileRow, updateMemberProfile } from "../../store/teams/teams.js"
import { findUserView, listUserViews } from "../../store/users/users.js"
import { ensureMembership, ensureTeam, ensureUser } from "../permissions/team-access.js"
import { requireTeamPermission } from "../permissions/team-permissions.js"
import { withHostedExtras } from "../users/user-views.js"

/** Which profiles: of one team, of one user, or both. */
export interface ProfileFilter {
  readonly teamId?: string | undefined
  readonly userId?: string | undefined
}

/** The users behind the profiles (one query per team or user, not per member), as the hosted service sends them. */
const usersOf = (projectId: string, filter: ProfileFilter) =>
  Effect.gen(function* () {
    if (filter.userId !== undefined) {
      const user = yield* findUserView(projectId, filter.userId)
      return new Map<string, ServerUser>(user === undefined ? [] : [[user.id, withHostedExtras(user)]])
    }
    const users = yield* listUserViews({ projectId, teamId: filter.teamId, desc: false })
    return new Map(users.map((user) => [user.id, withHostedExtras(user)]))
  })

const withUsers = (projectId: string, profiles: ReadonlyArray<MemberProfileRow>, filter: ProfileFilter) =>
  Effect.gen(function* () {
    const users = yield* usersOf(projectId, filter)
    return profiles.flatMap((profile): ReadonlyArray<ServerTeamMemberProfile> => {
      const user = users.get(profile.userId)
      return user === undefined ? [] : [{ ...profile, user }]
    })
  })

/** A server's filter: the team and user it names must exist. */
export const ensureFilterTargets = (projectId: string, filter: ProfileFilter) =>
  Effect.gen(function* () {
    if (filter.teamId !== undefined) yield* ensureTeam(projectId, filter.teamId)
    if (filter.userId !== undefined) yield* ensureUser(projectId, filter.userId)
  })

/** The profiles a filter names, oldest membership first. */
export const listProfiles = (projectId: string, filter: ProfileFilter) =>
  Effect.gen(function* () {
    const profiles = yield* listMemberProfiles({ projectId, ...filter })
    return yield* withUsers(projectId, profiles, filter)
  })

const withUser = (projectId: string, profile: MemberProfileRow) =>
  Effect.flatMap(withUsers(projectId, [profile], { userId: profile.userId }), ([full]) =>
    full === undefined ? Effect.die(new Error("member profile without its user")) : Effect.succeed(full)
  )

const findProfile = (projectId: string, teamId: string, userId: string) =>
  Effect.gen(function* () {
    yield* ensureMembership(projectId, teamId, userId)
    const [profile] = yield* listMemberProfiles({ projectId, teamId, userId })
    if (profile === undefined) return yield* Effect.die(new Error("membership without a profile"))
    return profile
  })

/** One member's profile in a team. */
export const getProfile = (projectId: string, teamId: string, userId: string) =>
  Effect.gen(function* () {
    return yield* withUser(projectId, yield* findProfile(projectId, teamId, userId))
  })

/** Edits a member's profile in a team (absent keys unchanged). */
export const updateProfile = (projectId: string, teamId: string, userId: string, patch: TeamMemberProfileUpdate) =>
  Effect.gen(function* () {
    const profile = yield* Db.transaction(
      Effect.gen(function* () {
        yield* ensureMembership(projectId, teamId, userId)
        yield* updateMemberProfile({ projectId, teamId, userId }, patch)
        return yield* findProfile(projectId, teamId, userId)
      })
    )
    return yield* withUser(projectId, profile)
  })

/** A member reading profiles in a team: its own always, anyone else's with `$read_members` there. */
export const mayReadProfiles = (projectId: string, teamId: string, readerId: string, userId: string | undefined) =>
  Effect.gen(function* () {
    yield* ensureMembership(projectId, teamId, readerId)
    if (userId !== readerId) {
      yield* requireTeamPermission({ projectId, teamId, userId: readerId, permissionId: "$read_members" }, "required")
    }
  })
