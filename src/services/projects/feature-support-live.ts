/** The implementation of {@link FeatureSupport}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { documented } from "../http/endpoint.js"
import { jsonBody, Transport } from "../http/transport.js"
import type { FeatureSupportShape } from "./feature-support.js"
import { FeatureSupportErrors } from "./feature-support-errors.js"

export const makeFeatureSupport: Effect.Effect<FeatureSupportShape, never, Transport> = Effect.map(Transport, (transport) => ({
  check: (featureName, details = {}) =>
    // The answer is a sentence, read as text; no session goes with the report.
    transport.requestJson({
      method: "POST",
      path: "/check-feature-support",
      body: jsonBody({ ...details, feature_name: featureName }),
      withSession: false,
      response: "text"
    }, Schema.String).pipe(
      Effect.map((sentence) => sentence.trim()),
      documented(...FeatureSupportErrors.check)
    )
}))
