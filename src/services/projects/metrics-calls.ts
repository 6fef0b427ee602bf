/** The member of {@link Metrics}, a call of its declared endpoint (contract/admin.ts). */
import { MetricsApi } from "../../contract/admin.js"
import { functionCall } from "../http/service-calls.js"

/** What the figures count. */
export interface MetricsOptions {
  /** Count anonymous users too (in the totals, charts, monthly actives and recent lists); false by default. */
  readonly includeAnonymous?: boolean
}

export const MetricsCalls = {
  /** The project's figures: user counts, sign-ups and activity per day, recent users, sign-in methods. */
  get: functionCall(MetricsApi.get, "admin", (options: MetricsOptions = {}) => ({
    query:
      options.includeAnonymous === undefined
        ? {}
        : { include_anonymous: String(options.includeAnonymous) as "true" | "false" }
  }))
}
