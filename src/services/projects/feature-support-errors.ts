/** The known errors the `FeatureSupport` method documents (see `ErrorTable` in endpoint.ts): none, it only reports. */
import type { ErrorTable } from "../http/endpoint.js"

export const FeatureSupportErrors = {
  check: []
} as const satisfies ErrorTable
