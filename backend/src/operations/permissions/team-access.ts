/**
 * The existence checks the team routes share, in the hosted service's order: a membership check first
 * asks whether the user exists (USER_NOT_FOUND), then whether they belong to the team
 * (TEAM_MEMBERSHIP_NOT_FOUND, also for a team that does not exist).
 */
import * as Effect from "effect/Effect"
import type { ServerTeam } from "@stackfx/lib/domain/team.js"
import { TeamMembershipNotFound, TeamNotFound } from "@stackfx/lib/errors/known/teams.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { Db, type DbEffect } from "../../store/db.js"
import { findTeam, isTeamMember } from "../../store/teams/teams.js"

export const ensureTeam = (projectId: string, teamId: string): DbEffect<ServerTeam, TeamNotFound> =>
  Effect.flatMap(findTeam(projectId, teamId), (team) =>
    team === undefined ? Effect.fail(new TeamNotFound({ details: { team_id: teamId } })) : Effect.succeed(team)
  )

export const ensureUser = (projectId: string, userId: string): DbEffect<void, UserNotFound> =>
  Effect.flatMap(Db.query("select 1 from users where project_id = $1 and id = $2", [projectId, userId]), (found) =>
    found.length > 0 ? Effect.void : Effect.fail(new UserNotFound({}))
  )

export const ensureMembership = (
  projectId: string,
  teamId: string,
  userId: string
): DbEffect<void, UserNotFound | TeamMembershipNotFound> =>
  Effect.andThen(
    ensureUser(projectId, userId),
    Effect.flatMap(isTeamMember(projectId, teamId, userId), (member) =>
      member ? Effect.void : Effect.fail(new TeamMembershipNotFound({ details: { team_id: teamId, user_id: userId } }))
    )
  )
