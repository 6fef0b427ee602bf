/**
 * The implementation of {@link TeamInvitations}, loaded on first use (see lazy-service.ts): declared calls
 * (team-invitations-calls.ts), `send` resolving its callback URL first, `revoke` and `listReceived` over
 * their declarations.
 */
import * as Effect from "effect/Effect"
import { TeamInvitationsApi } from "../../contract/team-invitations.js"
import { emailCallbackUrl } from "../navigation/callback-url.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { type TeamInvitationSend, TeamInvitationsCalls } from "./team-invitations-calls.js"

export const makeTeamInvitations = implement(
  TeamInvitationsCalls,
  Effect.gen(function* () {
    const transport = yield* Transport
    const sendCode = caller(transport, TeamInvitationsApi.send, "client")
    const revokeCall = caller(transport, TeamInvitationsApi.revoke, "client")
    const list = caller(transport, TeamInvitationsApi.list, "client")
    return {
      // The server needs an absolute URL (a relative one is a SCHEMA_ERROR there): resolve it here.
      send: (invitation: TeamInvitationSend) =>
        emailCallbackUrl("teamInvitation", invitation.callbackUrl).pipe(
          Effect.flatMap((callbackUrl) =>
            sendCode({ body: { teamId: invitation.teamId, email: invitation.email, callbackUrl } })
          ),
          Effect.map((sent) => sent.id)
        ),
      revoke: (teamId: string, invitationId: string) =>
        Effect.asVoid(revokeCall({ params: { invitation_id: invitationId }, query: { team_id: teamId } })),
      listReceived: (userId = "me") => list({ query: { user_id: userId } }).pipe(Effect.map((page) => page.items))
    }
  })
)
