/**
 * The browser's fallback keys: the demo's and the Start example's client modules, built for the browser as
 * their apps build them (Vite's production build), carry the `demo` project's id and publishable key and
 * neither its secret server key nor its admin key.
 */
import { assert, describe, it } from "@effect/vitest"
import { fileURLToPath } from "node:url"
import type { Rollup } from "vite"
import { DEMO_PROJECT_KEYS } from "../../src/index.js"

const root = fileURLToPath(new URL("../..", import.meta.url))

/** The code of every chunk of a production build of `entry`, `stackfx` resolved to the sources. */
const browserBuild = async (entry: string): Promise<string> => {
  const { build } = await import("vite")
  const result = await build({
    configFile: false,
    envFile: false,
    publicDir: false,
    root,
    logLevel: "silent",
    mode: "production",
    plugins: [
      {
        name: "stackfx-entry",
        enforce: "pre",
        resolveId: (specifier) => (specifier === "stackfx" ? `${root}/src/index.ts` : null)
      }
    ],
    build: { write: false, emptyOutDir: false, rolldownOptions: { input: `${root}/${entry}` } }
  })
  const outputs = (Array.isArray(result) ? result : [result]) as ReadonlyArray<Rollup.RollupOutput>
  return outputs
    .flatMap((output) => output.output)
    .map((chunk) => (chunk.type === "chunk" ? chunk.code : ""))
    .join("\n")
}

describe("the browser's fallback keys", () => {
  for (const entry of ["demo/src/config.ts", "examples/react-start/src/stack-client.ts"]) {
    it(`of ${entry} hold no secret key`, async () => {
      const code = await browserBuild(entry)
      assert.include(code, DEMO_PROJECT_KEYS.publishableClientKey)
      assert.notInclude(code, DEMO_PROJECT_KEYS.secretServerKey)
      assert.notInclude(code, DEMO_PROJECT_KEYS.superSecretAdminKey)
    }, 60_000)
  }
})
