/** The implementation of {@link TeamInvitations}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ListResponse } from "../../domain/list.js"
import { SuccessResponse } from "../../domain/success.js"
import {
  TeamInvitation,
  TeamInvitationDetails,
  TeamInvitationSendCode,
  TeamInvitationSent
} from "../../domain/team-invitation.js"
import { emailCallbackUrl } from "../navigation/callback-url.js"
import { announcing } from "../changes/data-changes.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import type { TeamInvitationSend, TeamInvitationsShape } from "./team-invitations.js"
import { jsonBody, Transport } from "../http/transport.js"
import { teamInvitationsChanges } from "../changes/write-keys.js"
import { TeamInvitationsErrors } from "./team-invitations-errors.js"
import { encodeInput } from "../http/wire-codec.js"

/** The answer of `check-code`; the hosted service only ever sends `true` (an unusable code is an error). */
const CheckCodeAnswer = Schema.Struct({ is_code_valid: Schema.Literal(true) })

export const makeTeamInvitations: Effect.Effect<TeamInvitationsShape, never, Transport> = announcing(teamInvitationsChanges, Effect.gen(function*() {
  const transport = yield* Transport
  const encodeSend = encodeInput(TeamInvitationSendCode)
  const codeBody = (code: string) => jsonBody({ code })

  // The server needs an absolute URL (a relative one is a SCHEMA_ERROR there): resolve it here.
  const send = (invitation: TeamInvitationSend) =>
    emailCallbackUrl("teamInvitation", invitation.callbackUrl).pipe(
      Effect.flatMap((callbackUrl) => encodeSend({ teamId: invitation.teamId, email: invitation.email, callbackUrl })),
      Effect.flatMap((body) =>
        transport.requestJson({ method: "POST", path: "/team-invitations/send-code", body: jsonBody(body) }, TeamInvitationSent)
      ),
      Effect.map((sent) => sent.id),
      documented(...TeamInvitationsErrors.send)
    )

  const list = (teamId: string) =>
    transport.requestJson({ method: "GET", path: "/team-invitations", query: { team_id: teamId } }, ListResponse(TeamInvitation)).pipe(
      Effect.map((page) => page.items),
      documented(...TeamInvitationsErrors.list)
    )

  const revoke = (teamId: string, invitationId: string) =>
    transport.requestJson(
      { method: "DELETE", path: `/team-invitations/${segment(invitationId)}`, query: { team_id: teamId } },
      SuccessResponse
    ).pipe(Effect.asVoid, documented(...TeamInvitationsErrors.revoke))

  const checkCode = (code: string) =>
    transport.requestJson({ method: "POST", path: "/team-invitations/accept/check-code", body: codeBody(code) }, CheckCodeAnswer).pipe(
      Effect.asVoid,
      documented(...TeamInvitationsErrors.checkCode)
    )

  const details = (code: string) =>
    transport.requestJson({ method: "POST", path: "/team-invitations/accept/details", body: codeBody(code) }, TeamInvitationDetails).pipe(
      documented(...TeamInvitationsErrors.details)
    )

  // The hosted service answers `{}` here and the local backend `{ success: true }`; neither carries data.
  const accept = (code: string) =>
    transport.request({ method: "POST", path: "/team-invitations/accept", body: codeBody(code) }).pipe(
      Effect.asVoid,
      documented(...TeamInvitationsErrors.accept)
    )

  const listReceived = (userId = "me") =>
    transport.requestJson({ method: "GET", path: "/team-invitations", query: { user_id: userId } }, ListResponse(TeamInvitation)).pipe(
      Effect.map((page) => page.items),
      documented(...TeamInvitationsErrors.listReceived)
    )

  // The service answers `{}`: nothing to decode.
  const acceptById = (invitationId: string, userId = "me") =>
    transport.request({
      method: "POST",
      path: `/team-invitations/${segment(invitationId)}/accept`,
      query: { user_id: userId }
    }).pipe(Effect.asVoid, documented(...TeamInvitationsErrors.acceptById))

  return { send, list, revoke, checkCode, details, accept, listReceived, acceptById } satisfies TeamInvitationsShape
}))
