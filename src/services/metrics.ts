/** Project metrics (admin tier): user counts, sign-ups and activity per day, recent users, sign-in methods. */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ProjectMetrics } from "../domain/metrics.js"
import { AdminAuthErrorTags, type AdminFailure } from "./admin-auth.js"
import { documented } from "./endpoint.js"
import { Transport } from "./transport.js"

export interface MetricsShape {
  readonly get: Effect.Effect<ProjectMetrics, AdminFailure>
}

export class Metrics extends Context.Service<Metrics, MetricsShape>()("stackfx/Metrics") {
  static readonly layer: Layer.Layer<Metrics, never, Transport> = Layer.effect(
    Metrics,
    Effect.map(Transport, (transport) =>
      Metrics.of({
        get: transport.requestJson({ method: "GET", path: "/internal/metrics" }, ProjectMetrics).pipe(
          documented(...AdminAuthErrorTags)
        )
      }))
  )
}
