/**
 * Team invitations. A member with `$invite_members` sends one by email; the recipient's link carries a
 * code with three uses: `checkCode`, `details` (the team's name) and `accept` (join the team).
 * Listing pending invitations takes `$read_members` and `$invite_members`, revoking `$remove_members`.
 * On the server tier the same calls work on any team without those permissions. A user also lists the
 * invitations sent to their verified e-mail addresses and accepts one by its id, with no code. Its
 * members are declared in the table below.
 */
import * as Effect from "effect/Effect"
import { caller, type CallFailureAt, custom, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import type { TeamInvitation } from "../../domain/team-invitation.js"
import type { CallbackUrlRequired } from "../../errors/client/email-preconditions.js"
import { invitationsOf, TeamInvitationsApi } from "../../contract/team-invitations.js"
import { emailCallbackUrl } from "../navigation/callback-url.js"

/** An invitation to send. */
export interface TeamInvitationSend {
  readonly teamId: string
  readonly email: string
  /**
   * The page the emailed link opens (with `?code=...`): absolute, or relative to the current page; by
   * default the handler's invitation page (`/handler/team-invitation`) of the current page's origin.
   */
  readonly callbackUrl?: string | undefined
}

const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items
const nothing = (): void => undefined
const code = (value: string) => ({ body: { code: value } })

type Fails<K extends keyof typeof TeamInvitationsApi> = CallFailureAt<(typeof TeamInvitationsApi)[K], "client">

/** Team invitations: send, list, revoke, read or accept one by its code, and list or accept the ones received. */
export const TeamInvitationsCalls = {
  /**
   * `send({ teamId, email })`: emails an invitation whose link is the callback URL with `?code=...`, and
   * answers the invitation id. The callback URL must be on the project's trusted domains; without a page to
   * resolve a relative or default one against, `CallbackUrlRequired`.
   */
  send: custom<(invitation: TeamInvitationSend) => Effect.Effect<string, CallbackUrlRequired | Fails<"send">>>(
    "function",
    (invitation) => invitationsOf(invitation.teamId)
  ),
  /** The team's pending invitations (unused and unexpired). */
  list: functionCall(TeamInvitationsApi.list, "client", (teamId: string) => ({ query: { team_id: teamId } }), items),
  /** Revokes a pending invitation: its code stops working. */
  revoke: custom<(teamId: string, invitationId: string) => Effect.Effect<void, Fails<"revoke">>>("function", (teamId) =>
    invitationsOf(teamId)
  ),
  /** Succeeds when the code can still be used; its state (not found, used, expired, locked) otherwise. */
  checkCode: functionCall(TeamInvitationsApi.checkCode, "client", code, nothing),
  /** The name of the team the code invites to. */
  details: functionCall(TeamInvitationsApi.details, "client", code),
  /** Uses the code: the signed-in user joins the team with the project's member permissions. */
  accept: functionCall(TeamInvitationsApi.accept, "client", code, nothing),
  /**
   * The pending invitations sent to the user's verified e-mail addresses, of any team (no team permission
   * needed). An address is compared exactly: the service stores e-mail channels lower-cased and an
   * invitation as it was sent, so one sent to `Bob@Example.com` is not listed. `userId` defaults to the
   * signed-in user (`"me"`); only the server tier may name someone else (a client naming another user gets
   * `CannotGetOwnUserWithoutUser`).
   */
  listReceived:
    custom<
      (
        userId?: string
      ) => Effect.Effect<ReadonlyArray<TeamInvitation>, CallFailureAt<typeof TeamInvitationsApi.list, "client">>
    >("function"),
  /**
   * Accepts a received invitation by its id (from `listReceived`): the user joins the team with the
   * project's member permissions (nothing changes if they already are a member) and the invitation is used.
   * An invitation that is not pending or not sent to one of the user's verified addresses is
   * `VerificationCodeNotFound`; a restricted (e.g. anonymous) signed-in user gets
   * `TeamInvitationRestrictedUserNotAllowed` on the client tier. `userId` as for `listReceived`.
   */
  acceptById: functionCall(
    TeamInvitationsApi.acceptById,
    "client",
    (invitationId: string, userId: string = "me") => ({
      params: { id: invitationId },
      query: { user_id: userId }
    }),
    nothing
  )
}

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
        Effect.asVoid(revokeCall({ params: { id: invitationId }, query: { team_id: teamId } })),
      listReceived: (userId = "me") => list({ query: { user_id: userId } }).pipe(Effect.map((page) => page.items))
    }
  })
)
