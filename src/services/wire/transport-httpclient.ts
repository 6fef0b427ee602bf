import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type { HttpMethod } from "effect/http/HttpMethod"
import { Fetch, type FetchFn } from "./transport-request.js"

const methods: ReadonlyArray<HttpMethod> = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]

/**
 * Sends the transport's requests through the `HttpClient` in context instead of the global fetch, for
 * apps that already configure one (proxies, Node agents, instrumentation). Trace headers are switched
 * off: the hosted API's CORS allow-list has no `traceparent`/`b3`, so browsers would fail every preflight.
 * Costs about 20 KB gzipped in a browser bundle, which is why it is not the default.
 *
 * @example Effect.provide(program, layerFetchFromHttpClient.pipe(Layer.provide(FetchHttpClient.layer)))
 */
export const layerFetchFromHttpClient: Layer.Layer<never, never, HttpClient.HttpClient> = Layer.effect(
  Fetch,
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    const run = Effect.runPromiseWith(yield* Effect.context<never>())
    const fetch: FetchFn = (url, init) => {
      const headers = Object.fromEntries(new Headers(init.headers))
      const method = methods.find((m) => m === (init.method ?? "GET").toUpperCase()) ?? "GET"
      const base = HttpClientRequest.make(method)(url, { headers })
      const request =
        typeof init.body === "string" ? HttpClientRequest.bodyText(base, init.body, headers["content-type"]) : base
      return run(
        client.execute(request).pipe(
          Effect.flatMap((response) =>
            Effect.map(
              response.text,
              (text) =>
                new Response(text === "" ? null : text, { status: response.status, headers: { ...response.headers } })
            )
          ),
          Effect.provideService(HttpClient.TracerPropagationEnabled, false),
          // The transport's own attempt span already covers this request; the HttpClient's would record
          // the full URL, query string included.
          Effect.withTracerEnabled(false)
        ),
        init.signal == null ? undefined : { signal: init.signal }
      )
    }
    return fetch
  })
)
