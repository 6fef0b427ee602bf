/**
 * Team invitations. A member with `$invite_members` sends one by email; the recipient's link carries a
 * code with three uses: `checkCode`, `details` (the team's name) and `accept` (join the team).
 * Listing pending invitations takes `$read_members` and `$invite_members`, revoking `$remove_members`.
 * On the server tier the same calls work on any team without those permissions. A user also lists the
 * invitations sent to their verified e-mail addresses and accepts one by its id, with no code.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { TeamInvitation, TeamInvitationDetails } from "../../domain/team-invitation.js"
import type { CallbackUrlRequired } from "../../errors/client/email-preconditions.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { TeamInvitationsErrors } from "./team-invitations-errors.js"

type Fails<Method extends keyof typeof TeamInvitationsErrors> = FailureOf<typeof TeamInvitationsErrors, Method>

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

/** What the TeamInvitations service offers; see its tag for the rules. */
export interface TeamInvitationsShape {
  /**
   * `send({ teamId, email })`: emails an invitation whose link is the callback URL with `?code=...`, and
   * answers the invitation id. The callback URL must be on the project's trusted domains; without a page to
   * resolve a relative or default one against, `CallbackUrlRequired`.
   */
  readonly send: (
    invitation: TeamInvitationSend
  ) => Effect.Effect<string, InvalidInput | CallbackUrlRequired | Fails<"send">>
  /** The team's pending invitations (unused and unexpired). */
  readonly list: (teamId: string) => Effect.Effect<ReadonlyArray<TeamInvitation>, Fails<"list">>
  /** Revokes a pending invitation: its code stops working. */
  readonly revoke: (teamId: string, invitationId: string) => Effect.Effect<void, Fails<"revoke">>
  /** Succeeds when the code can still be used; its state (not found, used, expired, locked) otherwise. */
  readonly checkCode: (code: string) => Effect.Effect<void, Fails<"checkCode">>
  /** The name of the team the code invites to. */
  readonly details: (code: string) => Effect.Effect<TeamInvitationDetails, Fails<"details">>
  /** Uses the code: the signed-in user joins the team with the project's member permissions. */
  readonly accept: (code: string) => Effect.Effect<void, Fails<"accept">>
  /**
   * The pending invitations sent to the user's verified e-mail addresses, of any team (no team permission
   * needed). An address is compared exactly: the service stores e-mail channels lower-cased and an
   * invitation as it was sent, so one sent to `Bob@Example.com` is not listed. `userId` defaults to the
   * signed-in user (`"me"`); only the server tier may name someone else (a client naming another user gets
   * `CannotGetOwnUserWithoutUser`).
   */
  readonly listReceived: (userId?: string) => Effect.Effect<ReadonlyArray<TeamInvitation>, Fails<"listReceived">>
  /**
   * Accepts a received invitation by its id (from `listReceived`): the user joins the team with the
   * project's member permissions (nothing changes if they already are a member) and the invitation is used.
   * An invitation that is not pending or not sent to one of the user's verified addresses is
   * `VerificationCodeNotFound`; a restricted (e.g. anonymous) signed-in user gets
   * `TeamInvitationRestrictedUserNotAllowed` on the client tier. `userId` as for `listReceived`.
   */
  readonly acceptById: (invitationId: string, userId?: string) => Effect.Effect<void, Fails<"acceptById">>
}

/** Team invitations: send, list, revoke, read or accept one by its code, and list or accept the ones received. */
export class TeamInvitations extends /* @__PURE__ */ Context.Service<TeamInvitations, TeamInvitationsShape>()("stackfx/TeamInvitations") {
  static readonly layer: Layer.Layer<TeamInvitations, never, Transport> = /* @__PURE__ */ lazyLayer(
    TeamInvitations,
    {
      send: "function",
      list: "function",
      revoke: "function",
      checkCode: "function",
      details: "function",
      accept: "function",
      listReceived: "function",
      acceptById: "function"
    },
    () => import("../live.js").then((m) => m.makeTeamInvitations)
  )
}
