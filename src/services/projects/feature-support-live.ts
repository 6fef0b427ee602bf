/** The implementation of {@link FeatureSupport}, loaded on first use (see lazy-service.ts): its member is a declared call (feature-support-calls.ts). */
import { implement } from "../http/service-calls.js"
import { FeatureSupportCalls } from "./feature-support-calls.js"

export const makeFeatureSupport = implement(FeatureSupportCalls)
