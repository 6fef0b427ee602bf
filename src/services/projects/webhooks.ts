/** The webhook management portal token (admin tier). Its member is declared in webhooks-calls.ts. */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { WebhooksMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { WebhooksCalls } from "./webhooks-calls.js"

/** What the Webhooks service offers; see its tag for the rules. */
export type WebhooksShape = ShapeOf<typeof WebhooksCalls>

/** The project's webhooks (admin): a token for its webhook portal, a test event to an endpoint. */
export class Webhooks extends /* @__PURE__ */ Context.Service<Webhooks, WebhooksShape>()("stackfx/Webhooks") {
  static readonly layer: Layer.Layer<Webhooks, never, Transport> = /* @__PURE__ */ lazyLayer(
    Webhooks,
    WebhooksMembers,
    () => import("../live.js").then((m) => m.makeWebhooks)
  )
}
