/**
 * Bundle budget check (issue "Foundation", item 4): a browser program that builds the client tier and
 * reads the current user must stay at or under 30 KB minified + gzipped.
 *
 *   npx tsx bench/bundle-size.ts            # prints a table; exits 1 when the budgeted program is over
 *
 * esbuild --bundle --minify --format=esm --platform=browser, then gzip -9. Rows:
 * - the budgeted program: the core tier Layer (config, cookie token store, session, transport) and
 *   `CurrentUser.get` (GET /users/me decoded with ClientUser). Point it at src/layers/client.ts once the
 *   client tier exists;
 * - floors and parts, so the budget can be argued with numbers: Effect + Schema + a Layer with the
 *   ClientUser decode (what any tier pays), the known-error decoder on top of that, our transport;
 * - the alternative of building on effect's HttpClient instead of the thin fetch transport.
 */
import { build } from "esbuild"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const budgetKb = 30

const floor = `
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { ClientUser } from "./src/domain/user.js"
class Config extends Context.Service<Config, { readonly baseUrl: string }>()("Config") {}
const program = Effect.flatMap(Config, () => Schema.decodeUnknownEffect(ClientUser)({}))
`

const programs: ReadonlyArray<{ readonly name: string; readonly source: string; readonly budget?: number }> = [
  {
    name: "client tier: build it, read the current user",
    budget: budgetKb,
    source: `
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { coreLayer } from "./src/layers/core.js"
import { CurrentUser } from "./src/services/current-user.js"
import { cookieTokenStore } from "./src/services/token-store-cookie.js"
const tier = CurrentUser.layer.pipe(Layer.provideMerge(coreLayer(
  { projectId: "p", accessType: "client", publishableClientKey: "k" },
  cookieTokenStore({ projectId: "p" })
)))
Effect.runPromise(Effect.provide(Effect.flatMap(CurrentUser, (u) => u.get), tier)).then(console.log, console.error)
`
  },
  {
    name: "floor: Effect + Layer + ClientUser decode",
    source: `${floor}
Effect.runPromise(Effect.provide(program, Layer.succeed(Config, { baseUrl: "" }))).then(console.log)`
  },
  {
    name: "floor + known-error decoder (whole catalogue)",
    source: `${floor}
import { decodeKnownError } from "./src/errors/decode.js"
console.log(decodeKnownError({ status: 200, headers: {}, body: "" }))
Effect.runPromise(Effect.provide(program, Layer.succeed(Config, { baseUrl: "" }))).then(console.log)`
  },
  {
    name: "transport + session + memory store, no domain",
    source: `
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ClientConfig } from "./src/services/client-config.js"
import { TokenStore } from "./src/services/token-store.js"
import { Transport } from "./src/services/transport.js"
const tier = Transport.layerWithSession.pipe(Layer.provide(TokenStore.memory()),
  Layer.provideMerge(ClientConfig.layer({ projectId: "p", accessType: "client" })))
Effect.runPromise(Effect.provide(Effect.flatMap(Transport, (t) => t.request({ method: "GET", path: "/users/me" })), tier))
  .then(console.log, console.error)
`
  },
  {
    name: "alternative: effect HttpClient + decoder + ClientUser",
    source: `${floor}
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { decodeKnownError } from "./src/errors/decode.js"
const viaClient = Effect.gen(function*() {
  const client = (yield* HttpClient.HttpClient).pipe(HttpClient.retryTransient({ times: 5 }))
  const res = yield* client.execute(HttpClientRequest.get("https://api.stack-auth.com/api/v1/users/me"))
  console.log(decodeKnownError({ status: res.status, headers: res.headers, body: yield* res.text }))
  return yield* HttpClientResponse.schemaBodyJson(ClientUser)(res)
})
Effect.runPromise(Effect.provide(viaClient, FetchHttpClient.layer)).then(console.log, console.error)`
  }
]

const measure = async (source: string) => {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: "ts", sourcefile: "entry.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent"
  })
  const bytes = result.outputFiles[0]?.contents ?? new Uint8Array()
  return { minKb: bytes.length / 1024, gzipKb: gzipSync(bytes, { level: 9 }).length / 1024 }
}

let overBudget = false
console.log("program".padEnd(56), "min KB".padStart(8), "gzip KB".padStart(8), "budget")
for (const program of programs) {
  const { minKb, gzipKb } = await measure(program.source)
  const verdict = program.budget === undefined ? "" : gzipKb <= program.budget ? `<= ${program.budget} ok` : `> ${program.budget} OVER`
  if (program.budget !== undefined && gzipKb > program.budget) overBudget = true
  console.log(program.name.padEnd(56), minKb.toFixed(1).padStart(8), gzipKb.toFixed(1).padStart(8), verdict)
}
process.exitCode = overBudget ? 1 : 0
