/**
 * `POST /check-feature-support`: what the hosted SDK calls when an app uses a feature the service does not
 * offer; the answer is a plain-text sentence for the developer. Any caller may ask (the project headers are
 * checked when sent), and the body is any JSON: `feature_name` names the feature, other keys describe the
 * situation (`FeatureSupportRequest`), and the hosted service reads it without validating it.
 */
import * as Schema from "effect/Schema"
import { endpoint } from "./declaration.js"

export const FeatureSupportApi = {
  check: endpoint({
    name: "featureSupport.check",
    summary: "A sentence about a feature the service does not offer (plain text)",
    method: "POST",
    path: "/check-feature-support",
    access: "optional",
    body: Schema.Json,
    success: { raw: "text" },
    status: 200,
    // Only the authentication's own errors, which every call can meet: the hosted handler refuses nothing.
    errors: []
  })
}
