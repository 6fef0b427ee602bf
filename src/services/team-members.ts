/**
 * Member profiles: a member's name and picture inside one team (falling back to the user's own).
 * `TeamMembers` (every tier with a signed-in user) lists a team the user belongs to (others' profiles need
 * `$read_members`) and reads or edits the user's own profile. `ServerTeamMembers` (server and admin)
 * lists and edits any profile, each with its full user.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ListResponse } from "../domain/list.js"
import {
  ServerTeamMemberProfile,
  TeamMemberProfile,
  TeamMemberProfileUpdate
} from "../domain/team-member-profile.js"
import type { InvalidInput } from "../errors/client/invalid-input.js"
import { type CallFailure, documented, encodeInput } from "./endpoint.js"
import { segment } from "./path-segment.js"
import { jsonBody, Transport } from "./transport.js"

type ReadTag = "CannotGetOwnUserWithoutUser" | "TeamMembershipNotFound" | "TeamPermissionRequired" | "UserNotFound"

export interface TeamMembersShape {
  /** Every member's profile in a team of the signed-in user (needs `$read_members`). */
  readonly list: (teamId: string) => Effect.Effect<ReadonlyArray<TeamMemberProfile>, CallFailure<ReadTag>>
  /** One member's profile; someone else's needs `$read_members`. */
  readonly get: (teamId: string, userId: string) => Effect.Effect<TeamMemberProfile, CallFailure<ReadTag>>
  /** The signed-in user's profile in a team. */
  readonly getMine: (teamId: string) => Effect.Effect<TeamMemberProfile, CallFailure<ReadTag>>
  /** `updateMine(teamId, { displayName: "Ann (Acme)" })`: edits the signed-in user's profile in a team. */
  readonly updateMine: (
    teamId: string,
    patch: TeamMemberProfileUpdate
  ) => Effect.Effect<TeamMemberProfile, InvalidInput | CallFailure<"CannotGetOwnUserWithoutUser" | "TeamMembershipNotFound" | "UserNotFound">>
}

const profilePath = (teamId: string, userId: string) => `/team-member-profiles/${segment(teamId)}/${segment(userId)}`

export class TeamMembers extends Context.Service<TeamMembers, TeamMembersShape>()("stackfx/TeamMembers") {
  static readonly layer: Layer.Layer<TeamMembers, never, Transport> = Layer.effect(
    TeamMembers,
    Effect.gen(function*() {
      const transport = yield* Transport
      const encodePatch = encodeInput(TeamMemberProfileUpdate)
      const readTags = ["CannotGetOwnUserWithoutUser", "TeamMembershipNotFound", "TeamPermissionRequired", "UserNotFound"] as const

      const list = (teamId: string) =>
        transport.requestJson(
          { method: "GET", path: "/team-member-profiles", query: { team_id: teamId } },
          ListResponse(TeamMemberProfile)
        ).pipe(Effect.map((page) => page.items), documented(...readTags))

      const get = (teamId: string, userId: string) =>
        transport.requestJson({ method: "GET", path: profilePath(teamId, userId) }, TeamMemberProfile).pipe(documented(...readTags))

      const updateMine = (teamId: string, patch: TeamMemberProfileUpdate) =>
        encodePatch(patch).pipe(
          Effect.flatMap((body) =>
            transport.requestJson({ method: "PATCH", path: profilePath(teamId, "me"), body: jsonBody(body) }, TeamMemberProfile)
          ),
          documented("CannotGetOwnUserWithoutUser", "TeamMembershipNotFound", "UserNotFound")
        )

      return TeamMembers.of({ list, get, getMine: (teamId) => get(teamId, "me"), updateMine })
    })
  )
}

export interface ServerTeamMembersShape {
  /** Profiles narrowed by team and/or user (`"me"` or an id), oldest membership first. */
  readonly list: (
    filter: { readonly teamId?: string | undefined; readonly userId?: string | undefined }
  ) => Effect.Effect<ReadonlyArray<ServerTeamMemberProfile>, CallFailure<"TeamNotFound" | "UserNotFound" | "CannotGetOwnUserWithoutUser">>
  readonly get: (
    teamId: string,
    userId: string
  ) => Effect.Effect<ServerTeamMemberProfile, CallFailure<"TeamMembershipNotFound" | "UserNotFound" | "CannotGetOwnUserWithoutUser">>
  readonly update: (
    teamId: string,
    userId: string,
    patch: TeamMemberProfileUpdate
  ) => Effect.Effect<
    ServerTeamMemberProfile,
    InvalidInput | CallFailure<"TeamMembershipNotFound" | "UserNotFound" | "CannotGetOwnUserWithoutUser">
  >
}

export class ServerTeamMembers extends Context.Service<ServerTeamMembers, ServerTeamMembersShape>()("stackfx/ServerTeamMembers") {
  static readonly layer: Layer.Layer<ServerTeamMembers, never, Transport> = Layer.effect(
    ServerTeamMembers,
    Effect.gen(function*() {
      const transport = yield* Transport
      const encodePatch = encodeInput(TeamMemberProfileUpdate)
      const tags = ["TeamMembershipNotFound", "UserNotFound", "CannotGetOwnUserWithoutUser"] as const

      const list = (filter: { readonly teamId?: string | undefined; readonly userId?: string | undefined }) =>
        transport.requestJson(
          { method: "GET", path: "/team-member-profiles", query: { team_id: filter.teamId, user_id: filter.userId } },
          ListResponse(ServerTeamMemberProfile)
        ).pipe(Effect.map((page) => page.items), documented("TeamNotFound", "UserNotFound", "CannotGetOwnUserWithoutUser"))

      const get = (teamId: string, userId: string) =>
        transport.requestJson({ method: "GET", path: profilePath(teamId, userId) }, ServerTeamMemberProfile).pipe(documented(...tags))

      const update = (teamId: string, userId: string, patch: TeamMemberProfileUpdate) =>
        encodePatch(patch).pipe(
          Effect.flatMap((body) =>
            transport.requestJson({ method: "PATCH", path: profilePath(teamId, userId), body: jsonBody(body) }, ServerTeamMemberProfile)
          ),
          documented(...tags)
        )

      return ServerTeamMembers.of({ list, get, update })
    })
  )
}
