/**
 * `npm run example:testing`: the app tests of examples/testing, written as an app writes them against
 * `stackfx`, `stackfx/react` and `stackfx-backend/testing` (which imports `stackfx/server`). In this repository
 * the names resolve to the sources (an installed app resolves them to the packages).
 */
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"
import { exampleTestOptions } from "./test-options.js"

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@stackfx\/lib\/(.*)\.js$/, replacement: `${source("src/")}$1.ts` },
      { find: /^stackfx-backend\/testing\/react$/, replacement: source("backend/src/testing/react.tsx") },
      { find: /^stackfx-backend\/testing\/arbitraries$/, replacement: source("backend/src/testing/arbitraries.ts") },
      { find: /^stackfx-backend\/testing$/, replacement: source("backend/src/testing/index.ts") },
      { find: /^stackfx\/react$/, replacement: source("src/react/index.ts") },
      { find: /^stackfx\/server$/, replacement: source("src/server/index.ts") },
      { find: /^stackfx$/, replacement: source("src/index.ts") }
    ]
  },
  test: {
    name: "example-testing",
    root: fileURLToPath(new URL(".", import.meta.url)),
    // Its two workers (`maxWorkers`) also matter here: the repository's root config runs this project beside its
    // own two, whose worker count it must share.
    ...exampleTestOptions
  }
})
