/**
 * The implementations of {@link Teams} and {@link ServerTeams}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { ListResponse } from "../../domain/list.js"
import { SuccessResponse } from "../../domain/success.js"
import {
  ClientTeam,
  ServerTeam,
  ServerTeamCreate,
  ServerTeamUpdate,
  TeamCreate,
  TeamUpdate
} from "../../domain/team.js"
import { TeamMembership } from "../../domain/team-membership.js"
import { announcing } from "../changes/data-changes.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import type { NewTeam, ServerTeamsShape, TeamsShape } from "./teams.js"
import { jsonBody, Transport } from "../http/transport.js"
import { serverTeamsChanges, teamsChanges } from "../changes/write-keys.js"
import { ServerTeamsErrors, TeamsErrors } from "./teams-errors.js"
import { encodeInput } from "../http/wire-codec.js"

export const makeTeams: Effect.Effect<TeamsShape, never, Transport> = announcing(teamsChanges, Effect.gen(function*() {
  const transport = yield* Transport
  const encodeCreate = encodeInput(TeamCreate)
  const encodeUpdate = encodeInput(TeamUpdate)

  const list = transport.requestJson({ method: "GET", path: "/teams", query: { user_id: "me" } }, ListResponse(ClientTeam)).pipe(
    Effect.map((page) => page.items),
    documented(...TeamsErrors.list)
  )

  const get = (teamId: string) =>
    transport.requestJson({ method: "GET", path: `/teams/${segment(teamId)}` }, ClientTeam).pipe(
      documented(...TeamsErrors.get)
    )

  const create = (team: NewTeam) =>
    encodeCreate({ ...team, creatorUserId: "me" }).pipe(
      Effect.flatMap((body) => transport.requestJson({ method: "POST", path: "/teams", body: jsonBody(body) }, ClientTeam)),
      documented(...TeamsErrors.create)
    )

  const update = (teamId: string, patch: TeamUpdate) =>
    encodeUpdate(patch).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "PATCH", path: `/teams/${segment(teamId)}`, body: jsonBody(body) }, ClientTeam)
      ),
      documented(...TeamsErrors.update)
    )

  const remove = (teamId: string) =>
    transport.requestJson({ method: "DELETE", path: `/teams/${segment(teamId)}` }, SuccessResponse).pipe(
      Effect.asVoid,
      documented(...TeamsErrors.delete)
    )

  const leave = (teamId: string) =>
    transport.requestJson({ method: "DELETE", path: `/team-memberships/${segment(teamId)}/me` }, SuccessResponse).pipe(
      Effect.asVoid,
      documented(...TeamsErrors.leave)
    )

  return { list, get, create, update, delete: remove, leave } satisfies TeamsShape
}))

export const makeServerTeams: Effect.Effect<ServerTeamsShape, never, Transport> = announcing(serverTeamsChanges, Effect.gen(function*() {
  const transport = yield* Transport
  const encodeCreate = encodeInput(ServerTeamCreate)
  const encodeUpdate = encodeInput(ServerTeamUpdate)

  const list = (filter: { readonly userId?: string | undefined } = {}) =>
    transport.requestJson({ method: "GET", path: "/teams", query: { user_id: filter.userId } }, ListResponse(ServerTeam)).pipe(
      Effect.map((page) => page.items),
      documented(...ServerTeamsErrors.list)
    )

  const get = (teamId: string) =>
    transport.requestJson({ method: "GET", path: `/teams/${segment(teamId)}` }, ServerTeam).pipe(documented(...ServerTeamsErrors.get))

  const create = (team: ServerTeamCreate) =>
    encodeCreate(team).pipe(
      Effect.flatMap((body) => transport.requestJson({ method: "POST", path: "/teams", body: jsonBody(body) }, ServerTeam)),
      documented(...ServerTeamsErrors.create)
    )

  const update = (teamId: string, patch: ServerTeamUpdate) =>
    encodeUpdate(patch).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "PATCH", path: `/teams/${segment(teamId)}`, body: jsonBody(body) }, ServerTeam)
      ),
      documented(...ServerTeamsErrors.update)
    )

  const remove = (teamId: string) =>
    transport.requestJson({ method: "DELETE", path: `/teams/${segment(teamId)}` }, SuccessResponse).pipe(
      Effect.asVoid,
      documented(...ServerTeamsErrors.delete)
    )

  const membership = (teamId: string, userId: string) => `/team-memberships/${segment(teamId)}/${segment(userId)}`

  const addMember = (teamId: string, userId: string) =>
    transport.requestJson({ method: "POST", path: membership(teamId, userId), body: jsonBody({}) }, TeamMembership).pipe(
      documented(...ServerTeamsErrors.addMember)
    )

  const removeMember = (teamId: string, userId: string) =>
    transport.requestJson({ method: "DELETE", path: membership(teamId, userId) }, SuccessResponse).pipe(
      Effect.asVoid,
      documented(...ServerTeamsErrors.removeMember)
    )

  return { list, get, create, update, delete: remove, addMember, removeMember } satisfies ServerTeamsShape
}))
