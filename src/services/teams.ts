/**
 * Teams. `Teams` (every tier with a signed-in user) works on the user's own teams: list, read, create
 * (the user becomes the creator), update and delete (with `$update_team` / `$delete_team`), leave.
 * `ServerTeams` (server and admin) works on any team and membership, and sets server metadata.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ListResponse } from "../domain/list.js"
import { SuccessResponse } from "../domain/success.js"
import {
  ClientTeam,
  ServerTeam,
  ServerTeamCreate,
  ServerTeamUpdate,
  TeamCreate,
  TeamUpdate
} from "../domain/team.js"
import { TeamMembership } from "../domain/team-membership.js"
import type { InvalidInput } from "../errors/client/invalid-input.js"
import { type CallFailure, documented, encodeInput } from "./endpoint.js"
import { segment } from "./path-segment.js"
import { jsonBody, Transport } from "./transport.js"

/** A new team from the client tier; the signed-in user is always its creator. */
export type NewTeam = Omit<TeamCreate, "creatorUserId">

export interface TeamsShape {
  /** The signed-in user's teams, oldest first. */
  readonly list: Effect.Effect<ReadonlyArray<ClientTeam>, CallFailure<"CannotGetOwnUserWithoutUser">>
  /** A team the signed-in user belongs to. */
  readonly get: (
    teamId: string
  ) => Effect.Effect<ClientTeam, CallFailure<"UserAuthenticationRequired" | "TeamMembershipNotFound" | "TeamNotFound">>
  /**
   * `create({ displayName: "Acme" })`: a new team with the signed-in user as creator (holding the project's
   * creator permissions). Refused (HTTP 403) when the project disables client team creation.
   */
  readonly create: (team: NewTeam) => Effect.Effect<ClientTeam, InvalidInput | CallFailure<"UserAuthenticationRequired">>
  /** Needs `$update_team` in that team. */
  readonly update: (
    teamId: string,
    patch: TeamUpdate
  ) => Effect.Effect<
    ClientTeam,
    InvalidInput | CallFailure<"UserAuthenticationRequired" | "TeamMembershipNotFound" | "TeamPermissionRequired" | "TeamNotFound">
  >
  /** Needs `$delete_team`; memberships, permissions and invitations go with the team. */
  readonly delete: (
    teamId: string
  ) => Effect.Effect<void, CallFailure<"UserAuthenticationRequired" | "TeamMembershipNotFound" | "TeamPermissionRequired" | "TeamNotFound">>
  /** The signed-in user leaves the team. */
  readonly leave: (teamId: string) => Effect.Effect<void, CallFailure<"CannotGetOwnUserWithoutUser" | "TeamMembershipNotFound">>
}

export class Teams extends Context.Service<Teams, TeamsShape>()("stackfx/Teams") {
  static readonly layer: Layer.Layer<Teams, never, Transport> = Layer.effect(
    Teams,
    Effect.gen(function*() {
      const transport = yield* Transport
      const encodeCreate = encodeInput(TeamCreate)
      const encodeUpdate = encodeInput(TeamUpdate)

      const list = transport.requestJson({ method: "GET", path: "/teams", query: { user_id: "me" } }, ListResponse(ClientTeam)).pipe(
        Effect.map((page) => page.items),
        documented("CannotGetOwnUserWithoutUser")
      )

      const get = (teamId: string) =>
        transport.requestJson({ method: "GET", path: `/teams/${segment(teamId)}` }, ClientTeam).pipe(
          documented("UserAuthenticationRequired", "TeamMembershipNotFound", "TeamNotFound")
        )

      const create = (team: NewTeam) =>
        encodeCreate({ ...team, creatorUserId: "me" }).pipe(
          Effect.flatMap((body) => transport.requestJson({ method: "POST", path: "/teams", body: jsonBody(body) }, ClientTeam)),
          documented("UserAuthenticationRequired")
        )

      const update = (teamId: string, patch: TeamUpdate) =>
        encodeUpdate(patch).pipe(
          Effect.flatMap((body) =>
            transport.requestJson({ method: "PATCH", path: `/teams/${segment(teamId)}`, body: jsonBody(body) }, ClientTeam)
          ),
          documented("UserAuthenticationRequired", "TeamMembershipNotFound", "TeamPermissionRequired", "TeamNotFound")
        )

      const remove = (teamId: string) =>
        transport.requestJson({ method: "DELETE", path: `/teams/${segment(teamId)}` }, SuccessResponse).pipe(
          Effect.asVoid,
          documented("UserAuthenticationRequired", "TeamMembershipNotFound", "TeamPermissionRequired", "TeamNotFound")
        )

      const leave = (teamId: string) =>
        transport.requestJson({ method: "DELETE", path: `/team-memberships/${segment(teamId)}/me` }, SuccessResponse).pipe(
          Effect.asVoid,
          documented("CannotGetOwnUserWithoutUser", "TeamMembershipNotFound")
        )

      return Teams.of({ list, get, create, update, delete: remove, leave })
    })
  )
}

export interface ServerTeamsShape {
  /** Every team of the project, or those of one user (`"me"` or an id), oldest first. */
  readonly list: (
    filter?: { readonly userId?: string | undefined }
  ) => Effect.Effect<ReadonlyArray<ServerTeam>, CallFailure<"CannotGetOwnUserWithoutUser">>
  readonly get: (teamId: string) => Effect.Effect<ServerTeam, CallFailure<"TeamNotFound">>
  /** `create({ displayName, creatorUserId })`: with a creator, that user joins with the creator permissions. */
  readonly create: (
    team: ServerTeamCreate
  ) => Effect.Effect<ServerTeam, InvalidInput | CallFailure<"UserNotFound" | "CannotGetOwnUserWithoutUser">>
  readonly update: (teamId: string, patch: ServerTeamUpdate) => Effect.Effect<ServerTeam, InvalidInput | CallFailure<"TeamNotFound">>
  readonly delete: (teamId: string) => Effect.Effect<void, CallFailure<"TeamNotFound">>
  /** Adds a user with the project's member permissions; a second membership is refused. */
  readonly addMember: (
    teamId: string,
    userId: string
  ) => Effect.Effect<TeamMembership, CallFailure<"TeamNotFound" | "UserNotFound" | "TeamMembershipAlreadyExists" | "CannotGetOwnUserWithoutUser">>
  /** Removes a member; their permissions in the team go with the membership. */
  readonly removeMember: (
    teamId: string,
    userId: string
  ) => Effect.Effect<void, CallFailure<"TeamMembershipNotFound" | "UserNotFound" | "CannotGetOwnUserWithoutUser">>
}

export class ServerTeams extends Context.Service<ServerTeams, ServerTeamsShape>()("stackfx/ServerTeams") {
  static readonly layer: Layer.Layer<ServerTeams, never, Transport> = Layer.effect(
    ServerTeams,
    Effect.gen(function*() {
      const transport = yield* Transport
      const encodeCreate = encodeInput(ServerTeamCreate)
      const encodeUpdate = encodeInput(ServerTeamUpdate)

      const list = (filter: { readonly userId?: string | undefined } = {}) =>
        transport.requestJson({ method: "GET", path: "/teams", query: { user_id: filter.userId } }, ListResponse(ServerTeam)).pipe(
          Effect.map((page) => page.items),
          documented("CannotGetOwnUserWithoutUser")
        )

      const get = (teamId: string) =>
        transport.requestJson({ method: "GET", path: `/teams/${segment(teamId)}` }, ServerTeam).pipe(documented("TeamNotFound"))

      const create = (team: ServerTeamCreate) =>
        encodeCreate(team).pipe(
          Effect.flatMap((body) => transport.requestJson({ method: "POST", path: "/teams", body: jsonBody(body) }, ServerTeam)),
          documented("UserNotFound", "CannotGetOwnUserWithoutUser")
        )

      const update = (teamId: string, patch: ServerTeamUpdate) =>
        encodeUpdate(patch).pipe(
          Effect.flatMap((body) =>
            transport.requestJson({ method: "PATCH", path: `/teams/${segment(teamId)}`, body: jsonBody(body) }, ServerTeam)
          ),
          documented("TeamNotFound")
        )

      const remove = (teamId: string) =>
        transport.requestJson({ method: "DELETE", path: `/teams/${segment(teamId)}` }, SuccessResponse).pipe(
          Effect.asVoid,
          documented("TeamNotFound")
        )

      const membership = (teamId: string, userId: string) => `/team-memberships/${segment(teamId)}/${segment(userId)}`

      const addMember = (teamId: string, userId: string) =>
        transport.requestJson({ method: "POST", path: membership(teamId, userId), body: jsonBody({}) }, TeamMembership).pipe(
          documented("TeamNotFound", "UserNotFound", "TeamMembershipAlreadyExists", "CannotGetOwnUserWithoutUser")
        )

      const removeMember = (teamId: string, userId: string) =>
        transport.requestJson({ method: "DELETE", path: membership(teamId, userId) }, SuccessResponse).pipe(
          Effect.asVoid,
          documented("TeamMembershipNotFound", "UserNotFound", "CannotGetOwnUserWithoutUser")
        )

      return ServerTeams.of({ list, get, create, update, delete: remove, addMember, removeMember })
    })
  )
}
