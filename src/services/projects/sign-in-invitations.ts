/**
 * Sign-in invitations (server and admin tiers): an e-mail inviting an address to sign in at a trusted URL, for
 * people who have no account yet. Its member is declared in sign-in-invitations-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { SignInInvitationsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { SignInInvitationsCalls } from "./sign-in-invitations-calls.js"

/** What the SignInInvitations service offers; see its tag for the rules. */
export type SignInInvitationsShape = ShapeOf<typeof SignInInvitationsCalls>

/** E-mails invitations to sign in (server, admin). */
export class SignInInvitations
  extends /* @__PURE__ */ Context.Service<SignInInvitations, SignInInvitationsShape>()("stackfx/SignInInvitations")
{
  static readonly layer: Layer.Layer<SignInInvitations, never, Transport> = /* @__PURE__ */ lazyLayer(
    SignInInvitations,
    SignInInvitationsMembers,
    () => import("../live.js").then((m) => m.makeSignInInvitations)
  )
}
