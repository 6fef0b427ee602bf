/**
 * `POST /check-feature-support`: what the hosted SDK calls when an app uses a feature the service does
 * not offer; the answer is a sentence for the developer. It is plain text, unlike every other answer, so
 * this service sends it itself instead of through the JSON transport (no session, no retries: it only
 * reports).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type * as Schema from "effect/Schema"
import type { ClientConfig } from "../http/client-config.js"
import type { CallFailure } from "../http/endpoint.js"
import { lazyLayer } from "../http/lazy-service.js"

/** What the FeatureSupport service offers; see its tag for the rules. */
export interface FeatureSupportShape {
  /** `check("team_api_keys")`: the server's sentence about that feature; `details` travels with it. */
  readonly check: (
    featureName: string,
    details?: Readonly<Record<string, Schema.Json>>
  ) => Effect.Effect<string, CallFailure>
}

/** Asks the server whether a feature is supported: its answer is a sentence about that feature. */
export class FeatureSupport extends /* @__PURE__ */ Context.Service<FeatureSupport, FeatureSupportShape>()("stackfx/FeatureSupport") {
  static readonly layer: Layer.Layer<FeatureSupport, never, ClientConfig> = /* @__PURE__ */ lazyLayer(
    FeatureSupport,
    { check: "function" },
    () => import("../live.js").then((m) => m.makeFeatureSupport)
  )
}
