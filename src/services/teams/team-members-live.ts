/**
 * The implementations of {@link TeamMembers} and {@link ServerTeamMembers}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { ListResponse } from "../../domain/list.js"
import {
  ServerTeamMemberProfile,
  TeamMemberProfile,
  TeamMemberProfileUpdate
} from "../../domain/team-member-profile.js"
import { announcing } from "../changes/data-changes.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import type { ServerTeamMembersShape, TeamMembersShape } from "./team-members.js"
import { jsonBody, Transport } from "../http/transport.js"
import { serverTeamMembersChanges, teamMembersChanges } from "../changes/write-keys.js"
import { ServerTeamMembersErrors, TeamMembersErrors } from "./team-members-errors.js"
import { encodeInput } from "../http/wire-codec.js"

const profilePath = (teamId: string, userId: string) => `/team-member-profiles/${segment(teamId)}/${segment(userId)}`

export const makeTeamMembers: Effect.Effect<TeamMembersShape, never, Transport> = announcing(teamMembersChanges, Effect.gen(function*() {
  const transport = yield* Transport
  const encodePatch = encodeInput(TeamMemberProfileUpdate)

  const list = (teamId: string) =>
    transport.requestJson(
      { method: "GET", path: "/team-member-profiles", query: { team_id: teamId } },
      ListResponse(TeamMemberProfile)
    ).pipe(Effect.map((page) => page.items), documented(...TeamMembersErrors.list))

  const get = (teamId: string, userId: string) =>
    transport.requestJson({ method: "GET", path: profilePath(teamId, userId) }, TeamMemberProfile).pipe(documented(...TeamMembersErrors.get))

  const updateMine = (teamId: string, patch: TeamMemberProfileUpdate) =>
    encodePatch(patch).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "PATCH", path: profilePath(teamId, "me"), body: jsonBody(body) }, TeamMemberProfile)
      ),
      documented(...TeamMembersErrors.updateMine)
    )

  return { list, get, getMine: (teamId) => get(teamId, "me"), updateMine } satisfies TeamMembersShape
}))

export const makeServerTeamMembers: Effect.Effect<ServerTeamMembersShape, never, Transport> = announcing(serverTeamMembersChanges, Effect.gen(function*() {
  const transport = yield* Transport
  const encodePatch = encodeInput(TeamMemberProfileUpdate)

  const list = (filter: { readonly teamId?: string | undefined; readonly userId?: string | undefined }) =>
    transport.requestJson(
      { method: "GET", path: "/team-member-profiles", query: { team_id: filter.teamId, user_id: filter.userId } },
      ListResponse(ServerTeamMemberProfile)
    ).pipe(Effect.map((page) => page.items), documented(...ServerTeamMembersErrors.list))

  const get = (teamId: string, userId: string) =>
    transport.requestJson({ method: "GET", path: profilePath(teamId, userId) }, ServerTeamMemberProfile).pipe(documented(...ServerTeamMembersErrors.get))

  const update = (teamId: string, userId: string, patch: TeamMemberProfileUpdate) =>
    encodePatch(patch).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "PATCH", path: profilePath(teamId, userId), body: jsonBody(body) }, ServerTeamMemberProfile)
      ),
      documented(...ServerTeamMembersErrors.update)
    )

  return { list, get, update } satisfies ServerTeamMembersShape
}))
