/** The member of {@link Metrics}, a call of its declared endpoint (contract/admin.ts). */
import { MetricsApi } from "../../contract/admin.js"
import { effectCall } from "../http/service-calls.js"

export const MetricsCalls = {
  /** The project's figures: user counts, sign-ups and activity per day, recent users, sign-in methods. */
  get: effectCall(MetricsApi.get, "admin", { input: () => ({}) })
}
