/** The member of {@link FeatureSupport}, a call of its declared endpoint (contract/feature-support.ts). */
import type * as Schema from "effect/Schema"
import { FeatureSupportApi } from "../../contract/feature-support.js"
import { functionCall } from "../http/service-calls.js"

export const FeatureSupportCalls = {
  /** `check("team_api_keys")`: the server's sentence about that feature; `details` travels with it. */
  check: functionCall(
    FeatureSupportApi.check,
    "client",
    (featureName: string, details: Readonly<Record<string, Schema.Json>> = {}) => ({
      body: { ...details, feature_name: featureName },
      // It only reports: no session goes with it.
      options: { withSession: false }
    }),
    (sentence) => sentence.trim()
  )
}
