/**
 * The programs the bundle benchmark (bundles.ts) builds: the five of issue 6 (stackfx's client tier and React
 * adapter beside the official SDK and the baselines) and the parts of the client program, each as the source of
 * an app that imports stackfx through its public entry points.
 */

export interface BundleProgram {
  readonly id: string
  readonly name: string
  readonly source: string
}

const origin = "http://127.0.0.1:8102"
const projectId = "internal"
const key = "this-publishable-client-key-is-for-local-development-only"

const floor = `
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { ClientUser } from "./src/domain/user.js"
class Config extends Context.Service<Config, { readonly baseUrl: string }>()("Config") {}
const program = Effect.flatMap(Config, () => Schema.decodeUnknownEffect(ClientUser)({}))
`

/** The five programs of issue 6. */
export const programs: ReadonlyArray<BundleProgram> = [
  {
    id: "stackfx-client",
    name: "stackfx: clientTier + CurrentUser.get",
    source: `
import * as Effect from "effect/Effect"
import { clientTier, CurrentUser } from "stackfx"
const tier = clientTier({ projectId: "${projectId}", publishableClientKey: "${key}", baseUrl: "${origin}", tokenStore: "cookie" })
Effect.runPromise(Effect.provide(Effect.flatMap(CurrentUser, (me) => me.get), tier)).then(console.log, console.error)
`
  },
  {
    id: "official-client",
    name: "@stackframe/js: StackClientApp + getUser()",
    source: `
import { StackClientApp } from "@stackframe/js"
const app = new StackClientApp({ projectId: "${projectId}", publishableClientKey: "${key}", baseUrl: "${origin}", tokenStore: "cookie" })
app.getUser().then(console.log, console.error)
`
  },
  {
    id: "react-baseline",
    name: "baseline: react + react-dom/client",
    source: `
import { createElement } from "react"
import { createRoot } from "react-dom/client"
createRoot(document.getElementById("root")).render(createElement("div", null, "hello"))
`
  },
  {
    id: "stackfx-react",
    name: "stackfx/react: StackProvider + UserButton",
    source: `
import { createElement } from "react"
import { createRoot } from "react-dom/client"
import { clientTier } from "stackfx"
import { StackProvider, UserButton } from "stackfx/react"
const layer = clientTier({ projectId: "${projectId}", publishableClientKey: "${key}", baseUrl: "${origin}", tokenStore: "cookie" })
createRoot(document.getElementById("root")).render(createElement(StackProvider, { layer }, createElement(UserButton)))
`
  },
  {
    id: "official-react",
    name: "@stackframe/react: StackProvider + StackTheme + UserButton",
    source: `
import { createElement, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { StackClientApp, StackProvider, StackTheme, UserButton } from "@stackframe/react"
const app = new StackClientApp({ projectId: "${projectId}", publishableClientKey: "${key}", baseUrl: "${origin}", tokenStore: "cookie" })
createRoot(document.getElementById("root")).render(
  createElement(StackProvider, { app }, createElement(StackTheme, null, createElement(Suspense, { fallback: null }, createElement(UserButton))))
)
`
  }
]

/**
 * Parts of the stackfx client program (formerly bench/bundle-size.ts), so that the budget can be argued
 * with numbers: what any Effect program with a Layer and the ClientUser decode pays, the known-error
 * decoder, the transport and session, the smallest program that reads the user (the core tier with the
 * cookie store and CurrentUser only, without the tier's other endpoint services), and the alternative of
 * building on effect's HttpClient instead of the thin fetch transport.
 */
export const parts: ReadonlyArray<BundleProgram> = [
  {
    // An app that matches on an error class and names a domain schema: both come from the root entry like the
    // tier does, and must not bring the lazily loaded implementations' modules into the first load.
    id: "part-client-catching",
    name: "part: clientTier + CurrentUser.get, matching NetworkError, isApiKeyValid imported",
    source: `
import * as Effect from "effect/Effect"
import { clientTier, CurrentUser, isApiKeyValid, NetworkError } from "stackfx"
const tier = clientTier({ projectId: "${projectId}", publishableClientKey: "${key}", baseUrl: "${origin}", tokenStore: "cookie" })
const program = Effect.flatMap(CurrentUser, (me) => me.get).pipe(
  Effect.catchIf((e) => e instanceof NetworkError, () => Effect.succeed(null))
)
Effect.runPromise(Effect.provide(program, tier)).then((u) => console.log(u, isApiKeyValid), console.error)
`
  },
  {
    id: "part-core-current-user",
    name: "part: core tier + cookie store + CurrentUser only",
    source: `
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { layerCore } from "./src/layers/core.js"
import { CurrentUser } from "./src/services/generated/current-user.js"
import { cookieTokenStore } from "./src/services/session/token-store-cookie.js"
const tier = CurrentUser.layer.pipe(Layer.provideMerge(layerCore(
  { projectId: "${projectId}", accessType: "client", publishableClientKey: "${key}", baseUrl: "${origin}" },
  cookieTokenStore({ projectId: "${projectId}" })
)))
Effect.runPromise(Effect.provide(Effect.flatMap(CurrentUser, (u) => u.get), tier)).then(console.log, console.error)
`
  },
  {
    id: "part-transport-session",
    name: "part: transport + session + memory store, no domain",
    source: `
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ClientConfig } from "./src/services/wire/client-config.js"
import { TokenStore } from "./src/services/session/token-store.js"
import { Transport } from "./src/services/http/transport.js"
const tier = Transport.layerWithSession.pipe(Layer.provide(TokenStore.memory()),
  Layer.provideMerge(ClientConfig.layer({ projectId: "p", accessType: "client" })))
Effect.runPromise(Effect.provide(Effect.flatMap(Transport, (t) => t.request({ method: "GET", path: "/users/me" })), tier))
  .then(console.log, console.error)
`
  },
  {
    id: "part-floor",
    name: "part: Effect + Layer + ClientUser decode (floor)",
    source: `${floor}
Effect.runPromise(Effect.provide(program, Layer.succeed(Config, { baseUrl: "" }))).then(console.log)`
  },
  {
    id: "part-floor-required",
    name: "part: what the issue requires of any design: Effect + Layer + Schedule + Semaphore + Stream + ClientUser decode",
    source: `
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import * as Stream from "effect/Stream"
import { ClientUser } from "./src/domain/user.js"
class Config extends Context.Service<Config, { readonly baseUrl: string }>()("Config") {}
const refreshOnce = Semaphore.makeUnsafe(1)
const read = Effect.flatMap(Config, () => Schema.decodeUnknownEffect(ClientUser)({}))
Effect.runPromise(Effect.provide(read, Layer.succeed(Config, { baseUrl: "" })).pipe(refreshOnce.withPermits(1), Effect.retry(Schedule.exponential(1000))))
  .then(console.log)
Effect.runPromise(Effect.flatMap(Queue.unbounded<string>(), (changes) => Stream.runDrain(Stream.fromQueue(changes)))).then(console.log)`
  },
  {
    id: "part-floor-decoder",
    name: "part: floor + known-error decoder (whole catalogue)",
    source: `${floor}
import { decodeKnownError } from "./src/errors/decode.js"
console.log(decodeKnownError({ status: 200, headers: {}, body: "" }))
Effect.runPromise(Effect.provide(program, Layer.succeed(Config, { baseUrl: "" }))).then(console.log)`
  },
  {
    id: "part-httpclient",
    name: "alternative: effect HttpClient + decoder + ClientUser",
    source: `${floor}
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { decodeKnownError } from "./src/errors/decode.js"
const viaClient = Effect.gen(function*() {
  const client = (yield* HttpClient.HttpClient).pipe(HttpClient.retryTransient({ times: 5 }))
  const res = yield* client.execute(HttpClientRequest.get("${origin}/api/v1/users/me"))
  console.log(decodeKnownError({ status: res.status, headers: res.headers, body: yield* res.text }))
  return yield* HttpClientResponse.schemaBodyJson(ClientUser)(res)
})
Effect.runPromise(Effect.provide(viaClient, FetchHttpClient.layer)).then(console.log, console.error)`
  },
  {
    // Issue 24 asked to weigh effect's own answer for the client: an HttpApi client of one declared endpoint.
    id: "part-httpapiclient",
    name: "alternative: effect HttpApiClient of one endpoint (GET /users/me, ClientUser)",
    source: `
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { ClientUser } from "./src/domain/user.js"
const Api = HttpApi.make("stack").add(HttpApiGroup.make("users").add(HttpApiEndpoint.get("me", "/users/me", { success: ClientUser })))
const program = Effect.gen(function*() {
  const client = yield* HttpApiClient.make(Api, { baseUrl: "${origin}/api/v1" })
  return yield* client.users.me()
})
Effect.runPromise(Effect.provide(program, FetchHttpClient.layer)).then(console.log, console.error)`
  }
]
