/**
 * `POST /check-feature-support`: what the hosted SDK calls when an app uses a feature the service does
 * not offer; the answer is a sentence for the developer. It is plain text, unlike every other answer, so
 * this service sends it itself instead of through the JSON transport (no session, no retries: it only
 * reports).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { HttpError } from "../errors/client/http-error.js"
import { NetworkError } from "../errors/client/network-error.js"
import { actualStatus, decodeKnownError } from "../errors/decode.js"
import { ClientConfig } from "./client-config.js"
import { type CallFailure, documented } from "./endpoint.js"
import { Fetch, NonceSource } from "./transport-fetch.js"
import { jsonBody, requestBody, requestHeaders, requestUrl, type TransportRequest } from "./transport-request.js"

export interface FeatureSupportShape {
  /** `check("team_api_keys")`: the server's sentence about that feature; `details` travels with it. */
  readonly check: (
    featureName: string,
    details?: Readonly<Record<string, Schema.Json>>
  ) => Effect.Effect<string, CallFailure>
}

export class FeatureSupport extends Context.Service<FeatureSupport, FeatureSupportShape>()("stackfx/FeatureSupport") {
  static readonly layer: Layer.Layer<FeatureSupport, never, ClientConfig> = Layer.effect(
    FeatureSupport,
    Effect.map(ClientConfig, (config) =>
      FeatureSupport.of({
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
                const headers: Record<string, string> = {}
                res.headers.forEach((value, key) => {
                  headers[key.toLowerCase()] = value
                })
                return { status: res.status, headers, body: await res.text() }
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
  )
}
