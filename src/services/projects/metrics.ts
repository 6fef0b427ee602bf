/**
 * Project metrics (admin tier): user counts, sign-ups and activity per day, recent users, sign-in methods.
 * Its member is declared in metrics-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { MetricsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { MetricsCalls } from "./metrics-calls.js"

/** What the Metrics service offers; see its tag for the rules. */
export type MetricsShape = ShapeOf<typeof MetricsCalls>

/** The project's usage metrics: sign-ups, active users, login methods (admin). */
export class Metrics extends /* @__PURE__ */ Context.Service<Metrics, MetricsShape>()("stackfx/Metrics") {
  static readonly layer: Layer.Layer<Metrics, never, Transport> = /* @__PURE__ */ lazyLayer(
    Metrics,
    MetricsMembers,
    () => import("../live.js").then((m) => m.makeMetrics)
  )
}
