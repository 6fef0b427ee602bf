/**
 * `POST /check-feature-support`: what the hosted SDK calls when an app uses a feature the service does
 * not offer; the answer is a sentence for the developer. It is plain text, unlike every other answer (the
 * declaration's success is raw text), read with the headers, retries, tracing and error decoding of every
 * other call. No session goes with it: it only reports. Its member is declared in feature-support-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { FeatureSupportMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { FeatureSupportCalls } from "./feature-support-calls.js"

/** What the FeatureSupport service offers; see its tag for the rules. */
export type FeatureSupportShape = ShapeOf<typeof FeatureSupportCalls>

/** Asks the server whether a feature is supported: its answer is a sentence about that feature. */
export class FeatureSupport
  extends /* @__PURE__ */ Context.Service<FeatureSupport, FeatureSupportShape>()("stackfx/FeatureSupport")
{
  static readonly layer: Layer.Layer<FeatureSupport, never, Transport> = /* @__PURE__ */ lazyLayer(
    FeatureSupport,
    FeatureSupportMembers,
    () => import("../live.js").then((m) => m.makeFeatureSupport)
  )
}
