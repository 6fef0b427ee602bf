/**
 * A user's personal team, as the service makes it: for every new user of a project with `createTeamOnSignUp`,
 * named for the user, and renamed when a guest becomes a normal user.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { randomId } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { insertTeam, insertTeamMember } from "../../store/teams/teams.js"
import { grantDefaultPermissions } from "../permissions/team-permissions.js"
import { updateUserColumns } from "../../store/users/users.js"
import { emitWebhook } from "../webhooks/emit.js"

/** The name of a personal team made for a user without a name or e-mail (an anonymous user's). */
export const PERSONAL_TEAM_DEFAULT_NAME = "Personal Team"

/** The name the service gives a personal team: the user's name, else their e-mail, else none of them. */
export const personalTeamName = (name: string | null, email: string | null): string =>
  name !== null && name !== "" ? `${name}'s Team` : email !== null ? `${email}'s Team` : PERSONAL_TEAM_DEFAULT_NAME

/**
 * The personal team of a new user. Its creator gets the project's creator defaults only, as the hosted
 * service's "creator" membership does (a creator does not also get the member defaults).
 */
export const createPersonalTeam = (
  project: StoredProject,
  userId: string,
  name: string | null,
  email: string | null,
  now: Date
) =>
  Effect.gen(function* () {
    const teamId = yield* randomId
    const team = {
      id: teamId,
      displayName: personalTeamName(name, email),
      profileImageUrl: null,
      clientMetadata: null,
      clientReadOnlyMetadata: null,
      serverMetadata: null,
      createdAt: now
    }
    yield* insertTeam({ ...team, projectId: project.id })
    yield* insertTeamMember({ projectId: project.id, teamId, userId, createdAt: now })
    yield* grantDefaultPermissions(project, { teamId, userId }, "creator")
    yield* updateUserColumns(project.id, userId, { selectedTeamId: teamId })
    // As the service's team creation with a creator: team.created, no membership or permission events.
    yield* emitWebhook(project.id, { type: "team.created", data: team })
  })

/**
 * A guest becomes a normal user (`is_anonymous: false`, by a sign-up's upgrade or a server's PATCH), as the
 * service does it: signed up now, and its personal teams still called "Personal Team" named as a new user's
 * would be, from the name and e-mail of the same write.
 */
export const endGuestState = (
  projectId: string,
  userId: string,
  names: { readonly displayName?: string | null | undefined; readonly primaryEmail?: string | null | undefined }
): DbEffect<void> =>
  Effect.gen(function* () {
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* updateUserColumns(projectId, userId, { isAnonymous: false, signedUpAt: now })
    yield* Db.query(
      `update teams set display_name = $1
        where project_id = $2 and display_name = $3
          and id in (select team_id from team_members where project_id = $2 and user_id = $4)`,
      [
        personalTeamName(names.displayName ?? null, names.primaryEmail ?? null),
        projectId,
        PERSONAL_TEAM_DEFAULT_NAME,
        userId
      ]
    )
  })
