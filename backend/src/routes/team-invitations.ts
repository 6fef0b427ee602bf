/**
 * Team invitations (`/team-invitations`): sending one by email (a client needs `$invite_members`),
 * listing a team's pending ones (`$read_members` and `$invite_members`), revoking (`$remove_members`),
 * the three uses of the emailed code (check, details and accept), and the invitations a user received:
 * listed with `?user_id=` and accepted by id (a client names only itself).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { TeamInvitation, TeamInvitationDetails, TeamInvitationSent } from "@stackfx/lib/domain/team-invitation.js"
import { CannotGetOwnUserWithoutUser } from "@stackfx/lib/errors/known/users.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, HttpStatusError, json, success } from "../http/respond.js"
import { ensureMembership, ensureTeam } from "../operations/team-access.js"
import {
  acceptInvitation,
  acceptReceived,
  checkInvitationCode,
  invitationDetails,
  listInvitations,
  listReceived,
  revokeInvitation,
  sendInvitation,
  unrestricted
} from "../operations/team-invitations.js"
import { requireTeamPermission } from "../operations/team-permissions.js"
import { Db } from "../store/db.js"
import { ALL } from "../http/access.js"
import { EmailAddress, NonEmptyString, ownUser, param, resolveUserId, signedInUser } from "./team-helpers.js"

const InvitationList = ListResponse(TeamInvitation)

const SendCodeBody = Schema.Struct({ email: EmailAddress, team_id: NonEmptyString, callback_url: NonEmptyString })
const CodeBody = Schema.Struct({ code: NonEmptyString })
const TeamQuery = Schema.Struct({ team_id: NonEmptyString })
const ListQuery = Schema.Struct({ team_id: Schema.optionalKey(NonEmptyString), user_id: Schema.optionalKey(NonEmptyString) })
const AcceptByIdQuery = Schema.Struct({ user_id: NonEmptyString })

const badRequest = (message: string) => Effect.fail(new HttpStatusError({ status: 400, message }))

/**
 * The user a received-invitations call names. A client may name only itself, and hosted answers
 * CANNOT_GET_OWN_USER_WITHOUT_USER (not a 403) when it names someone else; a server names anyone.
 */
const invitedUser = (auth: Auth, raw: string) =>
  Effect.gen(function*() {
    if (auth.accessType !== "client") return yield* resolveUserId(auth, raw)
    const me = yield* ownUser(auth)
    if (raw !== "me" && raw !== me.id) return yield* Effect.fail(new CannotGetOwnUserWithoutUser({}))
    return me.id
  })

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
    query: ListQuery,
    handler: ({ auth, query }) =>
      Effect.gen(function*() {
        // Hosted's plain 400s, word for word.
        if (query.team_id !== undefined && query.user_id !== undefined) {
          return yield* badRequest("Cannot specify both team_id and user_id")
        }
        if (query.user_id !== undefined) {
          const userId = yield* invitedUser(auth, query.user_id)
          const items = yield* listReceived(auth.project.id, userId)
          return yield* encoded(InvitationList, { items, isPaginated: false })
        }
        if (query.team_id === undefined) return yield* badRequest("Must specify either team_id or user_id")
        yield* clientMayManage(auth, query.team_id, ["$read_members", "$invite_members"])
        const items = yield* listInvitations(auth.project.id, query.team_id)
        return yield* encoded(InvitationList, { items, isPaginated: false })
      })
  }),
  endpoint({
    method: "POST",
    path: "/team-invitations/:invitationId/accept",
    access: ALL,
    query: AcceptByIdQuery,
    handler: ({ auth, params, query }) =>
      Effect.gen(function*() {
        const userId = yield* invitedUser(auth, query.user_id)
        // Only a client is held to the restriction, as hosted does: a server accepts for anyone.
        if (auth.accessType === "client" && auth.user !== undefined) yield* unrestricted(auth.user)
        yield* acceptReceived(auth.project, userId, param(params, "invitationId"))
        // Hosted answers an empty object here (the code-based accept answers `{ success: true }`).
        return json({})
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
