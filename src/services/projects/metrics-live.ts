/** The implementation of {@link Metrics}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { ProjectMetrics } from "../../domain/metrics.js"
import { documented } from "../http/endpoint.js"
import type { MetricsShape } from "./metrics.js"
import { Transport } from "../http/transport.js"
import { MetricsErrors } from "./metrics-errors.js"

export const makeMetrics: Effect.Effect<MetricsShape, never, Transport> = Effect.map(Transport, (transport) => ({
  get: transport.requestJson({ method: "GET", path: "/internal/metrics" }, ProjectMetrics).pipe(
    documented(...MetricsErrors.get)
  )
}))
