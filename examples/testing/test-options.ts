/**
 * The example suite's test options, as an app that installed the packages would write them: its
 * vitest.config.ts adds only what the repository needs (the names resolved to the sources, the root), and the
 * kit-example bench (bench/kit-example.ts) copies this file into an installed app and uses it as it is.
 */
export const exampleTestOptions = {
  include: ["**/*.test.{ts,tsx}"],
  globalSetup: ["./global-setup.ts"],
  // The global setup starts the run's backend and the workers connect to it; shared modules still spare each
  // file loading effect and the kit anew.
  isolate: false,
  maxWorkers: 2,
  testTimeout: 30_000,
  // Without the global setup a block's layer would start a backend in the worker: a second or two, more on a
  // loaded machine.
  hookTimeout: 60_000
}
