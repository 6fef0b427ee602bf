import { fileURLToPath } from "node:url"
import { configDefaults, defineConfig } from "vitest/config"
import { SlowFirstSequencer } from "./test/support/sequencer.js"

// The local backend (backend/, package `stackfx-backend`) imports the library's wire schemas and known errors
// as `@stackfx/lib/<folder>/<module>.js`: the same alias as tsconfig.json's `paths`, resolved to the sources.
const libSource = fileURLToPath(new URL("./src/", import.meta.url))

// Three projects: `unit` (pure code, property tests, in-process fakes; seconds) is the edit loop,
// `npm run test:fast`. `integration` starts local backends, browsers or child processes;
// the third is the testing kit's example app, with its own config.
const unit = [
  "test/smoke.test.ts",
  "test/public-surface.test.ts",
  "test/bench/**/*.test.ts",
  "test/domain/**/*.test.ts",
  "test/errors/**/*.test.ts",
  "test/layers/**/*.test.ts",
  "test/react/**/*.test.{ts,tsx}",
  "test/services/**/*.test.ts",
  // test/backend mirrors backend/src; these folders and files hold only pure code or in-process fakes.
  "test/backend/mail/**/*.test.ts",
  "test/backend/passkey/**/*.test.ts",
  "test/backend/crypto/password.test.ts",
  "test/backend/http/holding-server.test.ts",
  "test/backend/oauth/dev-provider.test.ts",
  "test/backend/oauth/oidc.test.ts",
  "test/backend/totp.test.ts",
  "test/backend/operations/verification-codes.test.ts",
  "test/backend/**/*.prop.test.ts",
  "test/demo/**/*.test.ts"
]

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@stackfx\/lib\/(.*)\.js$/, replacement: `${libSource}$1.ts` },
      // The testing kit (backend/src/testing) imports the library by its public names, as an app does.
      { find: /^stackfx$/, replacement: `${libSource}index.ts` },
      { find: /^stackfx\/server$/, replacement: `${libSource}server/index.ts` },
      { find: /^stackfx\/react$/, replacement: `${libSource}react/index.ts` }
    ]
  },
  test: {
    // vitest's default is one worker on a 2-core machine; the suite waits mostly on HTTP and browsers, and
    // two workers took it from 14.9 to 10.5 minutes here. Three were slower again (2026-11-28, idle machine:
    // 387 s against 359 s of vitest time, 614 s of CPU against 531 s).
    maxWorkers: 2,
    // Test files share their worker's module graph instead of importing effect, the local backend and PGlite's
    // WebAssembly anew for each file: the same slice (10 backend files) took half the CPU time (51 s against
    // 97 s) and 91 s against 216 s. Files stay independent because each starts and stops its own backends,
    // browsers and servers (or works in projects of its own on the testing kit's backend of the run), and the
    // two that stub globals unstub them.
    isolate: false,
    // Without an earlier run's durations (a fresh clone), the slow kinds of file first (test/support/sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: unit } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/**/*.test.{ts,tsx}"],
          // One testing-kit backend for the run, shared by the workers (PGlite opening its database is about
          // a second of CPU a backend); the example project's setup finds and reuses it.
          globalSetup: ["test/support/kit-global-setup.ts"],
          exclude: [...configDefaults.exclude, ...unit]
        }
      },
      // The testing kit's example app (`npm run example:testing` runs it alone), in the same run and worker pool.
      "examples/testing/vitest.config.ts"
    ]
  }
})
