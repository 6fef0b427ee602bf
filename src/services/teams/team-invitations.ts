/**
 * Team invitations. A member with `$invite_members` sends one by email; the recipient's link carries a
 * code with three uses: `checkCode`, `details` (the team's name) and `accept` (join the team).
 * Listing pending invitations takes `$read_members` and `$invite_members`, revoking `$remove_members`.
 * On the server tier the same calls work on any team without those permissions. A user also lists the
 * invitations sent to their verified e-mail addresses and accepts one by its id, with no code. Its
 * members are declared in team-invitations-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { TeamInvitationsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { TeamInvitationsCalls } from "./team-invitations-calls.js"

export type { TeamInvitationSend } from "./team-invitations-calls.js"

/** What the TeamInvitations service offers; see its tag for the rules. */
export type TeamInvitationsShape = ShapeOf<typeof TeamInvitationsCalls>

/** Team invitations: send, list, revoke, read or accept one by its code, and list or accept the ones received. */
export class TeamInvitations
  extends /* @__PURE__ */ Context.Service<TeamInvitations, TeamInvitationsShape>()("stackfx/TeamInvitations")
{
  static readonly layer: Layer.Layer<TeamInvitations, never, Transport> = /* @__PURE__ */ lazyLayer(
    TeamInvitations,
    TeamInvitationsMembers,
    () => import("../live.js").then((m) => m.makeTeamInvitations)
  )
}
