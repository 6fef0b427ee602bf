/** The member of {@link FeatureSupport}, a call of its declared endpoint (contract/admin.ts). */
import type * as Schema from "effect/Schema"
import { FeatureSupportApi } from "../../contract/admin.js"
import { functionCall } from "../http/service-calls.js"

export const FeatureSupportCalls = {
  /** `check("team_api_keys")`: the server's sentence about that feature; `details` travels with it. */
  check: functionCall(
    FeatureSupportApi.check,
    "client",
    (featureName: string, details: Readonly<Record<string, Schema.Json>> = {}) => ({
      body: { ...details, feature_name: featureName },
      // No session goes with the report.
      options: { withSession: false }
    }),
    // The answer is a sentence, read as text.
    (sentence) => sentence.trim()
  )
}
