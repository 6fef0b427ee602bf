/** Project metrics (admin tier): user counts, sign-ups and activity per day, recent users, sign-in methods. */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { ProjectMetrics } from "../../domain/metrics.js"
import type { FailureOf } from "../http/endpoint.js"
import type { MetricsErrors } from "./metrics-errors.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"

/** What the Metrics service offers; see its tag for the rules. */
export interface MetricsShape {
  readonly get: Effect.Effect<ProjectMetrics, FailureOf<typeof MetricsErrors, "get">>
}

/** The project's usage metrics: sign-ups, active users, login methods (admin). */
export class Metrics extends /* @__PURE__ */ Context.Service<Metrics, MetricsShape>()("stackfx/Metrics") {
  static readonly layer: Layer.Layer<Metrics, never, Transport> = /* @__PURE__ */ lazyLayer(
    Metrics,
    { get: "effect" },
    () => import("../live.js").then((m) => m.makeMetrics)
  )
}
