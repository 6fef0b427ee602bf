/**
 * `POST /check-feature-support`: what the hosted SDK calls when an app uses a feature the service does
 * not offer; the answer is a sentence for the developer. It is plain text, unlike every other answer: the
 * transport reads it as text (`response: "text"`), with the headers, retries, tracing and error decoding of
 * every other call. No session goes with it: it only reports.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type * as Schema from "effect/Schema"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { FeatureSupportErrors } from "./feature-support-errors.js"

/** What the FeatureSupport service offers; see its tag for the rules. */
export interface FeatureSupportShape {
  /** `check("team_api_keys")`: the server's sentence about that feature; `details` travels with it. */
  readonly check: (
    featureName: string,
    details?: Readonly<Record<string, Schema.Json>>
  ) => Effect.Effect<string, FailureOf<typeof FeatureSupportErrors, "check">>
}

/** Asks the server whether a feature is supported: its answer is a sentence about that feature. */
export class FeatureSupport extends /* @__PURE__ */ Context.Service<FeatureSupport, FeatureSupportShape>()("stackfx/FeatureSupport") {
  static readonly layer: Layer.Layer<FeatureSupport, never, Transport> = /* @__PURE__ */ lazyLayer(
    FeatureSupport,
    { check: "function" },
    () => import("../live.js").then((m) => m.makeFeatureSupport)
  )
}
