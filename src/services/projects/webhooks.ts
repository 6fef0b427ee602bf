/** The webhook management portal token (admin tier). */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { FailureOf } from "../http/endpoint.js"
import type { WebhooksErrors } from "./webhooks-errors.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"

/** What the Webhooks service offers; see its tag for the rules. */
export interface WebhooksShape {
  /** A token for the project's webhook portal (Svix on the hosted service, a stable per-project token locally). */
  readonly svixToken: Effect.Effect<string, FailureOf<typeof WebhooksErrors, "svixToken">>
}

/** The project's webhooks (admin): a token for its webhook portal. */
export class Webhooks extends /* @__PURE__ */ Context.Service<Webhooks, WebhooksShape>()("stackfx/Webhooks") {
  static readonly layer: Layer.Layer<Webhooks, never, Transport> = /* @__PURE__ */ lazyLayer(
    Webhooks,
    { svixToken: "effect" },
    () => import("../live.js").then((m) => m.makeWebhooks)
  )
}
