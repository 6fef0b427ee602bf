/**
 * Team invitations. A member with `$invite_members` sends one by email; the recipient's link carries a
 * code with three uses (SPEC.md 4): `checkCode`, `details` (the team's name) and `accept` (join the team).
 * Listing pending invitations takes `$read_members` and `$invite_members`, revoking `$remove_members`.
 * On the server tier the same calls work on any team without those permissions.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { ListResponse } from "../domain/list.js"
import { SuccessResponse } from "../domain/success.js"
import {
  TeamInvitation,
  TeamInvitationDetails,
  TeamInvitationSendCode,
  TeamInvitationSent
} from "../domain/team-invitation.js"
import { VerificationErrorTags } from "../errors/categories.js"
import type { InvalidInput } from "../errors/client/invalid-input.js"
import { type CallFailure, documented, encodeInput } from "./endpoint.js"
import { segment } from "./path-segment.js"
import { jsonBody, Transport } from "./transport.js"

type VerificationTag = (typeof VerificationErrorTags)[number]

/** What managing a team's invitations can be refused with. */
type ManageTag = "CannotGetOwnUserWithoutUser" | "TeamMembershipNotFound" | "TeamPermissionRequired" | "TeamNotFound" | "UserNotFound"

/** A code's use by the signed-in user: it must be usable and the user unrestricted (not anonymous). */
type CodeUseTag = VerificationTag | "UserAuthenticationRequired" | "TeamInvitationRestrictedUserNotAllowed" | "TeamNotFound"

/** The answer of `check-code`; the hosted service only ever sends `true` (an unusable code is an error). */
const CheckCodeAnswer = Schema.Struct({ is_code_valid: Schema.Literal(true) })

export interface TeamInvitationsShape {
  /**
   * `send({ teamId, email, callbackUrl })`: emails an invitation whose link is `callbackUrl?code=...`, and
   * answers the invitation id. The callback URL must be on the project's trusted domains.
   */
  readonly send: (
    invitation: TeamInvitationSendCode
  ) => Effect.Effect<
    string,
    | InvalidInput
    | CallFailure<
      "UserAuthenticationRequired" | "TeamMembershipNotFound" | "TeamPermissionRequired" | "TeamNotFound" | "UserNotFound" | "RedirectUrlNotWhitelisted" | "SchemaError"
    >
  >
  /** The team's pending invitations (unused and unexpired). */
  readonly list: (teamId: string) => Effect.Effect<ReadonlyArray<TeamInvitation>, CallFailure<ManageTag>>
  /** Revokes a pending invitation: its code stops working. */
  readonly revoke: (teamId: string, invitationId: string) => Effect.Effect<void, CallFailure<ManageTag | "VerificationCodeNotFound">>
  /** Succeeds when the code can still be used; its state (not found, used, expired, locked) otherwise. */
  readonly checkCode: (code: string) => Effect.Effect<void, CallFailure<VerificationTag>>
  /** The name of the team the code invites to. */
  readonly details: (code: string) => Effect.Effect<TeamInvitationDetails, CallFailure<CodeUseTag>>
  /** Uses the code: the signed-in user joins the team with the project's member permissions. */
  readonly accept: (code: string) => Effect.Effect<void, CallFailure<CodeUseTag | "UserNotFound">>
}

export class TeamInvitations extends Context.Service<TeamInvitations, TeamInvitationsShape>()("stackfx/TeamInvitations") {
  static readonly layer: Layer.Layer<TeamInvitations, never, Transport> = Layer.effect(
    TeamInvitations,
    Effect.gen(function*() {
      const transport = yield* Transport
      const encodeSend = encodeInput(TeamInvitationSendCode)
      const codeBody = (code: string) => jsonBody({ code })

      const send = (invitation: TeamInvitationSendCode) =>
        encodeSend(invitation).pipe(
          Effect.flatMap((body) =>
            transport.requestJson({ method: "POST", path: "/team-invitations/send-code", body: jsonBody(body) }, TeamInvitationSent)
          ),
          Effect.map((sent) => sent.id),
          documented(
            "UserAuthenticationRequired",
            "TeamMembershipNotFound",
            "TeamPermissionRequired",
            "TeamNotFound",
            "UserNotFound",
            "RedirectUrlNotWhitelisted",
            "SchemaError"
          )
        )

      const manageTags = ["CannotGetOwnUserWithoutUser", "TeamMembershipNotFound", "TeamPermissionRequired", "TeamNotFound", "UserNotFound"] as const

      const list = (teamId: string) =>
        transport.requestJson({ method: "GET", path: "/team-invitations", query: { team_id: teamId } }, ListResponse(TeamInvitation)).pipe(
          Effect.map((page) => page.items),
          documented(...manageTags)
        )

      const revoke = (teamId: string, invitationId: string) =>
        transport.requestJson(
          { method: "DELETE", path: `/team-invitations/${segment(invitationId)}`, query: { team_id: teamId } },
          SuccessResponse
        ).pipe(Effect.asVoid, documented(...manageTags, "VerificationCodeNotFound"))

      const checkCode = (code: string) =>
        transport.requestJson({ method: "POST", path: "/team-invitations/accept/check-code", body: codeBody(code) }, CheckCodeAnswer).pipe(
          Effect.asVoid,
          documented(...VerificationErrorTags)
        )

      const useTags = [...VerificationErrorTags, "UserAuthenticationRequired", "TeamInvitationRestrictedUserNotAllowed", "TeamNotFound"] as const

      const details = (code: string) =>
        transport.requestJson({ method: "POST", path: "/team-invitations/accept/details", body: codeBody(code) }, TeamInvitationDetails).pipe(
          documented(...useTags)
        )

      // The hosted service answers `{}` here and the local backend `{ success: true }`; neither carries data.
      const accept = (code: string) =>
        transport.request({ method: "POST", path: "/team-invitations/accept", body: codeBody(code) }).pipe(
          Effect.asVoid,
          documented(...useTags, "UserNotFound")
        )

      return TeamInvitations.of({ send, list, revoke, checkCode, details, accept })
    })
  )
}
