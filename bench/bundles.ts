/**
 * Benchmark 1: bundle size. Each program is bundled for the browser the way an app's bundler would
 * (Vite's production build: ESM, minified, code split at dynamic imports, nothing external), then each chunk
 * gzipped at level 9. The programs the budgets name are also bundled with esbuild, for information (`Bundler`). stackfx is imported through its public entry points (`stackfx` = src/index.ts,
 * `stackfx/react` = src/react/index.ts) so the figure includes whatever those entries fail to tree-shake.
 * The official SDK is bundled from its package exports the same way.
 */
import type { Rollup } from "vite"
import { resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { root } from "./util.js"

export interface BundleProgram {
  readonly id: string
  readonly name: string
  readonly source: string
}

export interface BundleSize {
  readonly id: string
  readonly name: string
  /** What the page loads before the program runs: the entry chunk and the chunks it imports statically. */
  readonly minBytes: number
  readonly gzipBytes: number
  /** Chunks behind dynamic imports, loaded only when the program first needs them (e.g. the error catalogue). */
  readonly lazyChunks: number
  readonly lazyGzipBytes: number
  /**
   * Where the initial load's gzip bytes are, by area (see `areaOf`), largest first; approximate: each initial
   * chunk's gzip size is shared among its modules in proportion to their size before minifying.
   */
  readonly initialAreas?: ReadonlyArray<InitialArea>
}

/** An area of the code (effect, react, a folder of stackfx, …) and its approximate share of a load, gzipped. */
export interface InitialArea {
  readonly area: string
  readonly gzipBytes: number
}

/**
 * The area a module belongs to: `effect`, `react` (react, react-dom, scheduler), `vite` (its preload helper),
 * a folder of stackfx (`src/services/session`, `src/react`, …), `other` for the rest (the program itself).
 */
export const areaOf = (module: string): string => {
  const dependency = /node_modules\/(@[^/]+\/[^/]+|[^/]+)\//.exec(module)?.[1]
  if (dependency !== undefined) return dependency === "react-dom" || dependency === "scheduler" ? "react" : dependency
  if (module.includes("preload-helper")) return "vite"
  const folders = /^src\/(services\/[^/]+|[^/]+)\//.exec(module)?.[1]
  return folders === undefined ? "other" : `src/${folders}`
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
import { coreLayer } from "./src/layers/core.js"
import { CurrentUser } from "./src/services/generated/current-user.js"
import { cookieTokenStore } from "./src/services/session/token-store-cookie.js"
const tier = CurrentUser.layer.pipe(Layer.provideMerge(coreLayer(
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

/**
 * The bundler an app builds with. The budgets are measured with Vite's production build (Vite 8 bundles with
 * Rolldown and minifies with Oxc), the stack's own bundler and the one TanStack Start apps use. esbuild with code
 * splitting is measured beside it, for information: once an entry file has a live part (any `export { name } from`
 * a program uses), esbuild counts every module that entry imports as loaded with the page, used or not, and moves
 * the modules the lazily loaded chunks share with them into a chunk the page imports (reproduced with three files:
 * see docs/benchmarks.md, "Which bundler"). Vite's build keeps each program to the modules it uses either way.
 */
export type Bundler = "vite" | "esbuild"

/** One output chunk: its code, the chunks it imports statically, and the source modules that wrote into it. */
interface Chunk {
  readonly code: Uint8Array
  readonly isEntry: boolean
  readonly staticImports: ReadonlyArray<string>
  /** Source modules (paths relative to the repository) with the bytes each contributed. */
  readonly modules: ReadonlyArray<readonly [string, number]>
}

/** Where the programs' own source sits: inside the repository, so `./src/...` imports resolve as an app's would. */
const entryPath = (program: BundleProgram) => `${root}/bench-${program.id}.tsx`

/** `stackfx` and `stackfx/react` resolve to the entry files, side-effect free as package.json says. */
const entryFile = (specifier: string) =>
  specifier === "stackfx"
    ? `${root}/src/index.ts`
    : specifier === "stackfx/react"
      ? `${root}/src/react/index.ts`
      : undefined

const relative = (path: string) => (path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path)

const buildWithVite = async (program: BundleProgram): Promise<ReadonlyMap<string, Chunk>> => {
  const id = entryPath(program)
  // Loaded here, not with the module: the bench's other sections (the testing kit's memory figure) run in this
  // process, and vite with its native bundler weighs about 130 MB.
  const { build: vite } = await import("vite")
  const result = await vite({
    configFile: false,
    envFile: false,
    publicDir: false,
    root,
    logLevel: "silent",
    mode: "production",
    plugins: [
      {
        name: "stackfx-bench-program",
        enforce: "pre",
        resolveId: (specifier) => {
          if (specifier === id) return id
          const file = entryFile(specifier)
          return file === undefined ? null : { id: file, moduleSideEffects: false }
        },
        load: (loaded) => (loaded === id ? { code: program.source, moduleType: "tsx" } : null)
      }
    ],
    build: { write: false, modulePreload: false, emptyOutDir: false, rolldownOptions: { input: id } }
  })
  const outputs = (Array.isArray(result) ? result : [result]) as ReadonlyArray<Rollup.RollupOutput>
  const encoder = new TextEncoder()
  return new Map(
    outputs
      .flatMap((output) => output.output)
      .filter((output): output is Rollup.OutputChunk => output.type === "chunk")
      .map((chunk) => [
        chunk.fileName,
        {
          code: encoder.encode(chunk.code),
          isEntry: chunk.isEntry,
          staticImports: chunk.imports,
          modules: Object.entries(chunk.modules).map(
            ([module, info]) => [relative(module), info.renderedLength] as const
          )
        }
      ])
  )
}

const buildWithEsbuild = async (program: BundleProgram): Promise<ReadonlyMap<string, Chunk>> => {
  const { build: esbuild } = await import("esbuild")
  const result = await esbuild({
    stdin: { contents: program.source, resolveDir: root, loader: "tsx", sourcefile: `${program.id}.tsx` },
    bundle: true,
    minify: true,
    format: "esm",
    // Code splitting as an app's bundler does it: dynamic imports become chunks.
    splitting: true,
    outdir: "/bundle",
    absWorkingDir: root,
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [
      {
        name: "stackfx-entries",
        setup(b) {
          b.onResolve({ filter: /^stackfx(\/react)?$/ }, (args) => {
            const file = entryFile(args.path)
            // What package.json says; a plugin's result does not inherit it, and an app importing the package would.
            return file === undefined ? undefined : { path: file, sideEffects: false }
          })
        }
      }
    ],
    write: false,
    metafile: true,
    logLevel: "silent"
  })
  const outputs = result.metafile.outputs
  // Metafile names are relative to the working directory, output files carry absolute paths.
  const code = new Map(result.outputFiles.map((file) => [file.path, file.contents]))
  return new Map(
    Object.entries(outputs)
      .filter(([name]) => name.endsWith(".js"))
      .map(([name, output]) => [
        name,
        {
          code: code.get(resolve(root, name)) ?? new Uint8Array(),
          isEntry: output.entryPoint === `${program.id}.tsx`,
          staticImports: output.imports.filter((i) => i.kind === "import-statement").map((i) => i.path),
          modules: Object.entries(output.inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput] as const)
        }
      ])
  )
}

/** Builds a program as an app's bundler would; `initial` names the chunks the page loads before it runs. */
const buildProgram = async (program: BundleProgram, bundler: Bundler) => {
  const chunks = await (bundler === "vite" ? buildWithVite(program) : buildWithEsbuild(program))
  const initial = new Set<string>()
  const visit = (name: string) => {
    if (initial.has(name)) return
    initial.add(name)
    for (const imported of chunks.get(name)?.staticImports ?? []) visit(imported)
  }
  for (const [name, chunk] of chunks) if (chunk.isEntry) visit(name)
  return { chunks, initial }
}

/** The source modules (paths relative to the repository) whose code the page loads before the program runs. */
export const firstLoadModules = async (
  program: BundleProgram,
  bundler: Bundler = "vite"
): Promise<ReadonlyArray<string>> => {
  const { chunks, initial } = await buildProgram(program, bundler)
  return [...initial].flatMap((name) =>
    (chunks.get(name)?.modules ?? []).flatMap(([module, bytes]) => (bytes > 0 ? [module] : []))
  )
}

export const measureBundle = async (program: BundleProgram, bundler: Bundler = "vite"): Promise<BundleSize> => {
  const { chunks, initial } = await buildProgram(program, bundler)
  // Each chunk travels (and is gzipped) on its own, so sizes are sums of per-chunk gzip sizes.
  const sum = (names: ReadonlyArray<string>, key: "min" | "gzip") =>
    names.reduce((total, name) => {
      const code = chunks.get(name)?.code ?? new Uint8Array()
      return total + (key === "min" ? code.length : gzipSync(code, { level: 9 }).length)
    }, 0)
  const lazy = [...chunks.keys()].filter((name) => !initial.has(name))
  const areas = new Map<string, number>()
  for (const name of initial) {
    const chunk = chunks.get(name)
    if (chunk === undefined) continue
    const gzip = gzipSync(chunk.code, { level: 9 }).length
    const rendered = chunk.modules.reduce((total, [, bytes]) => total + bytes, 0)
    for (const [module, bytes] of chunk.modules)
      if (rendered > 0) areas.set(areaOf(module), (areas.get(areaOf(module)) ?? 0) + (gzip * bytes) / rendered)
  }
  return {
    id: bundler === "vite" ? program.id : `${bundler}:${program.id}`,
    name: program.name,
    minBytes: sum([...initial], "min"),
    gzipBytes: sum([...initial], "gzip"),
    lazyChunks: lazy.length,
    lazyGzipBytes: sum(lazy, "gzip"),
    initialAreas: [...areas]
      .map(([area, gzipBytes]) => ({ area, gzipBytes: Math.round(gzipBytes) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
  }
}

export type BundleOutcome = BundleSize | { readonly id: string; readonly name: string; readonly error: string }

export const isMeasured = (outcome: BundleOutcome | undefined): outcome is BundleSize =>
  outcome !== undefined && "gzipBytes" in outcome

/** The programs measured with esbuild too (their rows say so): the two the budgets name and react's baseline. */
const alsoWithEsbuild = new Set(["stackfx-client", "react-baseline", "stackfx-react"])

/** Every program and part; one that fails to build (a module mid-edit) is reported, not fatal. */
export const runBundles = async (): Promise<Readonly<Record<string, BundleOutcome>>> => {
  const sizes: Record<string, BundleOutcome> = {}
  const builds = [...programs, ...parts].flatMap((program) => [
    [program, "vite"] as const,
    ...(alsoWithEsbuild.has(program.id) ? [[program, "esbuild"] as const] : [])
  ])
  // One at a time: each bundler already uses every core for one build.
  for (const [program, bundler] of builds) {
    const outcome = await measureBundle(program, bundler).catch((error: unknown) => ({
      id: bundler === "vite" ? program.id : `${bundler}:${program.id}`,
      name: program.name,
      error: String(error).slice(0, 500)
    }))
    sizes[outcome.id] = outcome
  }
  return sizes
}
