/**
 * `POST /check-feature-support`: what the hosted SDK calls when an app uses a feature the service does
 * not offer; the answer is a sentence for the developer. It is plain text, unlike every other answer (the
 * declaration's success is raw text), read with the headers, retries, tracing and error decoding of every
 * other call. No session goes with it: it only reports. Its member is declared in the table below.
 */
import type * as Schema from "effect/Schema"
import { functionCall, implement } from "../http/service-calls.js"
import { FeatureSupportApi } from "../../contract/feature-support.js"

/** Asks the server whether a feature is supported: its answer is a sentence about that feature. */
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

export const makeFeatureSupport = implement(FeatureSupportCalls)
