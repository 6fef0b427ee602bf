// Bundles the local backend with esbuild. Used by `npm run build` (the published package's dist/) and by
// bin/stackfx.js in a source checkout. The library's wire schemas and known errors (imported as
// `@stackfx/lib/<folder>/<module>.js`, see tsconfig.json's `paths`) are bundled in, so the package does not
// depend on a particular `stackfx` at run time; so is effect for the command (`cli.js`), because loading its
// many small modules one by one is what made start-up slow. Every other package (PGlite and its wasm, pg,
// nodemailer, ...) is loaded from node_modules as usual.
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export const backendRoot = fileURLToPath(new URL("../", import.meta.url))
const librarySource = fileURLToPath(new URL("../../src/", import.meta.url))

const libraryAlias = {
  name: "stackfx-library-source",
  setup(build) {
    build.onResolve({ filter: /^@stackfx\/lib\// }, (args) => ({
      path: join(librarySource, args.path.slice("@stackfx/lib/".length).replace(/\.js$/, ".ts"))
    }))
  }
}

/** Keeps every package external except those `inline` names (and the library's sources). */
const externals = (inline) => ({
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@stackfx/lib/") || inline.test(args.path) || args.path.startsWith("node:")
        ? undefined
        : { path: args.path, external: true }
    )
  }
})

/** One ES module file for `entry` (a path under backend/src), written to `outfile`. */
export const bundle = async (esbuild, { entry, outfile, inlineEffect }) =>
  esbuild.build({
    entryPoints: [join(backendRoot, "src", entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    logLevel: "warning",
    // CommonJS dependencies inside the bundle still call require().
    banner: {
      js: "import { createRequire as __stackfxCreateRequire } from 'node:module'; const require = __stackfxCreateRequire(import.meta.url);"
    },
    plugins: [libraryAlias, externals(inlineEffect ? /^(effect|@effect\/)/ : /^$/)]
  })

/**
 * The package's entries for apps (paths under backend/src) as ES modules under `outdir`, each at its source
 * path (`testing/index.ts` → `testing/index.js`), the code they share in `chunks/`: the kit and
 * `startLocalBackend` load one copy of the backend. Effect stays external (the app's copy: one TestClock, one
 * runtime), and so do stackfx and react.
 */
export const bundleEntries = async (esbuild, { entries, outdir }) =>
  esbuild.build({
    entryPoints: entries.map((entry) => join(backendRoot, "src", entry)),
    outbase: join(backendRoot, "src"),
    outdir,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    jsx: "automatic",
    logLevel: "warning",
    banner: {
      js: "import { createRequire as __stackfxCreateRequire } from 'node:module'; const require = __stackfxCreateRequire(import.meta.url);"
    },
    plugins: [libraryAlias, externals(/^$/)]
  })
