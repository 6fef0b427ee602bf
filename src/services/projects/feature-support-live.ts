/** The implementation of {@link FeatureSupport}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { HttpError } from "../../errors/client/http-error.js"
import { NetworkError } from "../../errors/client/network-error.js"
import { actualStatus, decodeKnownError } from "../../errors/decode.js"
import { lowerCaseHeaders } from "../../errors/wire-response.js"
import { ClientConfig } from "../http/client-config.js"
import { documented } from "../http/endpoint.js"
import type { FeatureSupportShape } from "./feature-support.js"
import { Fetch, NonceSource } from "../http/transport-fetch.js"
import { jsonBody, requestBody, requestHeaders, requestUrl, type TransportRequest } from "../http/transport-request.js"

export const makeFeatureSupport: Effect.Effect<FeatureSupportShape, never, ClientConfig> = Effect.map(ClientConfig, (config) =>
  ({
    check: (featureName, details = {}) =>
      Effect.gen(function*() {
        const fetch = yield* Fetch
        const nonce = yield* NonceSource
        const request: TransportRequest = {
          method: "POST",
          path: "/check-feature-support",
          body: jsonBody({ ...details, feature_name: featureName })
        }
        const url = requestUrl(config.baseUrl, request)
        const body = requestBody(request)
        const response = yield* Effect.tryPromise({
          try: async (signal) => {
            const res = await fetch(url, {
              method: "POST",
              headers: requestHeaders(config, request, nonce(), null),
              credentials: "omit",
              cache: "no-store",
              signal,
              ...(body === undefined ? {} : { body })
            })
            return { status: res.status, headers: lowerCaseHeaders(res.headers), body: await res.text() }
          },
          catch: (cause) =>
            new NetworkError({
              method: "POST",
              url,
              causeMessage: cause instanceof Error ? cause.message : String(cause),
              attempts: 1
            })
        })
        const known = decodeKnownError(response)
        if (known !== undefined) return yield* Effect.fail(known)
        const status = actualStatus(response)
        if (status < 200 || status >= 300) {
          return yield* Effect.fail(new HttpError({ status, body: response.body, method: "POST", url }))
        }
        return response.body.trim()
      }).pipe(documented())
  }))
