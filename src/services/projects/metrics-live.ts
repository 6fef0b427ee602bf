/** The implementation of {@link Metrics}, loaded on first use (see lazy-service.ts): its member is a declared call (metrics-calls.ts). */
import { implement } from "../http/service-calls.js"
import { MetricsCalls } from "./metrics-calls.js"

export const makeMetrics = implement(MetricsCalls)
