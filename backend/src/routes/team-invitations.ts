/**
 * Team invitations (`/team-invitations`): sending one by email (a client needs `$invite_members`),
 * listing the pending ones (`$read_members` and `$invite_members`), revoking (`$remove_members`), and
 * the three uses of the emailed code: check, details and accept.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { TeamInvitation, TeamInvitationDetails, TeamInvitationSent } from "@stackfx/lib/domain/team-invitation.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, json, success } from "../http/respond.js"
import { ensureMembership, ensureTeam } from "../operations/team-access.js"
import {
  acceptInvitation,
  checkInvitationCode,
  invitationDetails,
  listInvitations,
  revokeInvitation,
  sendInvitation
} from "../operations/team-invitations.js"
import { requireTeamPermission } from "../operations/team-permissions.js"
import { Db } from "../store/db.js"
import { ALL } from "../http/access.js"
import { EmailAddress, NonEmptyString, ownUser, param, signedInUser } from "./team-helpers.js"

const InvitationList = ListResponse(TeamInvitation)

const SendCodeBody = Schema.Struct({ email: EmailAddress, team_id: NonEmptyString, callback_url: NonEmptyString })
const CodeBody = Schema.Struct({ code: NonEmptyString })
const TeamQuery = Schema.Struct({ team_id: NonEmptyString })

/** A client manages a team's invitations as a member holding every one of `permissionIds`. */
const clientMayManage = (auth: Auth, teamId: string, permissionIds: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const db = yield* Db
    if (auth.accessType !== "client") {
      yield* ensureTeam(db, auth.project.id, teamId)
      return
    }
    const me = yield* ownUser(auth)
    yield* ensureMembership(db, auth.project.id, teamId, me.id)
    for (const permissionId of permissionIds) {
      yield* requireTeamPermission(db, { projectId: auth.project.id, teamId, userId: me.id, permissionId }, "required")
    }
  })

export const routes = [
  endpoint({
    method: "POST",
    path: "/team-invitations/send-code",
    access: ALL,
    body: SendCodeBody,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        if (auth.accessType === "client") {
          const user = yield* signedInUser(auth)
          yield* requireTeamPermission(
            yield* Db,
            { projectId: auth.project.id, teamId: body.team_id, userId: user.id, permissionId: "$invite_members" },
            "required"
          )
        }
        const id = yield* sendInvitation(auth.project, {
          teamId: body.team_id,
          email: body.email.trim(),
          callbackUrl: body.callback_url
        })
        return yield* encoded(TeamInvitationSent, { success: true, id })
      })
  }),
  endpoint({
    method: "GET",
    path: "/team-invitations",
    access: ALL,
    query: TeamQuery,
    handler: ({ auth, query }) =>
      Effect.gen(function*() {
        yield* clientMayManage(auth, query.team_id, ["$read_members", "$invite_members"])
        const items = yield* listInvitations(auth.project.id, query.team_id)
        return yield* encoded(InvitationList, { items, isPaginated: false })
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/team-invitations/:invitationId",
    access: ALL,
    query: TeamQuery,
    handler: ({ auth, params, query }) =>
      Effect.gen(function*() {
        yield* clientMayManage(auth, query.team_id, ["$remove_members"])
        yield* revokeInvitation(auth.project.id, query.team_id, param(params, "invitationId"))
        return success
      })
  }),
  endpoint({
    method: "POST",
    path: "/team-invitations/accept/check-code",
    access: ALL,
    body: CodeBody,
    handler: ({ auth, body }) =>
      Effect.as(checkInvitationCode(auth.project.id, body.code), json({ is_code_valid: true }))
  }),
  endpoint({
    method: "POST",
    path: "/team-invitations/accept/details",
    access: ALL,
    body: CodeBody,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const user = yield* signedInUser(auth)
        return yield* encoded(TeamInvitationDetails, yield* invitationDetails(auth.project.id, user, body.code))
      })
  }),
  endpoint({
    method: "POST",
    path: "/team-invitations/accept",
    access: ALL,
    body: CodeBody,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const user = yield* signedInUser(auth)
        yield* acceptInvitation(auth.project, user, body.code)
        return success
      })
  })
]
