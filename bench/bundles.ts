/**
 * Benchmark 1: bundle size. Each program is bundled for the browser the way an app's bundler would
 * (esbuild, ESM, minified, nothing external, `process.env.NODE_ENV` = "production"), then gzipped at
 * level 9. stackfx is imported through its public entry points (`stackfx` = src/index.ts,
 * `stackfx/react` = src/react/index.ts) so the figure includes whatever those entries fail to tree-shake.
 */
import { build, type Plugin } from "esbuild"
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
  readonly minBytes: number
  readonly gzipBytes: number
}

/** Lets the programs say `from "stackfx"` / `from "stackfx/react"` as an app would. */
const stackfxEntries: Plugin = {
  name: "stackfx-entries",
  setup(b) {
    b.onResolve({ filter: /^stackfx(\/react)?$/ }, (args) => ({
      path: `${root}/src/${args.path === "stackfx" ? "index.ts" : "react/index.ts"}`
    }))
  }
}

const origin = "http://127.0.0.1:8102"
const projectId = "internal"
const key = "this-publishable-client-key-is-for-local-development-only"

export const programs: ReadonlyArray<BundleProgram> = [
  {
    id: "stackfx-client",
    name: "stackfx: client tier + current user",
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

export const measureBundle = async (program: BundleProgram): Promise<BundleSize> => {
  const result = await build({
    stdin: { contents: program.source, resolveDir: root, loader: "tsx", sourcefile: `${program.id}.tsx` },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": "\"production\"" },
    plugins: [stackfxEntries],
    write: false,
    logLevel: "silent"
  })
  const bytes = result.outputFiles[0]?.contents ?? new Uint8Array()
  return { id: program.id, name: program.name, minBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length }
}
