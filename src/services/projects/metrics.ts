/**
 * Project metrics (admin tier): user counts, sign-ups and activity per day, recent users, sign-in methods.
 * Its member is declared in the table below.
 */
import { functionCall, implement } from "../http/service-calls.js"
import { MetricsApi } from "../../contract/admin.js"

/** What the figures count. */
export interface MetricsOptions {
  /** Count anonymous users too (in the totals, charts, monthly actives and recent lists); false by default. */
  readonly includeAnonymous?: boolean
}

/** The project's usage metrics: sign-ups, active users, login methods (admin). */
export const MetricsCalls = {
  /** The project's figures: user counts, sign-ups and activity per day, recent users, sign-in methods. */
  get: functionCall(MetricsApi.get, "admin", (options: MetricsOptions = {}) => ({
    query:
      options.includeAnonymous === undefined
        ? {}
        : { include_anonymous: String(options.includeAnonymous) as "true" | "false" }
  }))
}

export const makeMetrics = implement(MetricsCalls)
