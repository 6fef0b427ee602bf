/**
 * The cross-domain sign-in hand-off: a signed-in app on one of the project's domains sends its user to
 * another with a one-time code, so the app there signs the same user in without asking again. Its member is
 * declared in cross-domain-auth-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { CrossDomainAuthMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { CrossDomainAuthCalls } from "./cross-domain-auth-calls.js"

/** What the CrossDomainAuth service offers; see its tag for the rules. */
export type CrossDomainAuthShape = ShapeOf<typeof CrossDomainAuthCalls>

/** Hands the signed-in user's session to another of the project's domains, by a one-time code. */
export class CrossDomainAuth
  extends /* @__PURE__ */ Context.Service<CrossDomainAuth, CrossDomainAuthShape>()("stackfx/CrossDomainAuth")
{
  static readonly layer: Layer.Layer<CrossDomainAuth, never, Transport> = /* @__PURE__ */ lazyLayer(
    CrossDomainAuth,
    CrossDomainAuthMembers,
    () => import("../live.js").then((m) => m.makeCrossDomainAuth)
  )
}
