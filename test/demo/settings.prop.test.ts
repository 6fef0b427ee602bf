/**
 * The demo's settings under the service's two names: `VITE_HEXCLAVE_*` first, the old `VITE_STACK_*` after,
 * the local backend's `demo` project without either (demo/src/settings.ts).
 */
import { assert, describe, it } from "vitest"
import fc from "fast-check"
import { DEMO_PROJECT_KEYS } from "../../src/index.js"
import { type DemoEnvVars, demoSettings, LOCAL_API_URL } from "../../demo/src/settings.js"

const value = fc.option(fc.stringMatching(/^[a-z0-9:/.-]{1,20}$/), { nil: undefined })

describe("the demo's settings", () => {
  it("read VITE_HEXCLAVE_* first and VITE_STACK_* after, with the local defaults last (no key)", () => {
    fc.assert(
      fc.property(value, value, value, value, value, value, (hexUrl, stackUrl, hexId, stackId, hexKey, stackKey) => {
        const env: DemoEnvVars = {
          VITE_HEXCLAVE_API_URL: hexUrl,
          VITE_STACK_API_URL: stackUrl,
          VITE_HEXCLAVE_PROJECT_ID: hexId,
          VITE_STACK_PROJECT_ID: stackId,
          VITE_HEXCLAVE_PUBLISHABLE_CLIENT_KEY: hexKey,
          VITE_STACK_PUBLISHABLE_CLIENT_KEY: stackKey
        }
        assert.deepStrictEqual(demoSettings(env, DEMO_PROJECT_KEYS), {
          apiUrl: hexUrl ?? stackUrl ?? LOCAL_API_URL,
          projectId: hexId ?? stackId ?? DEMO_PROJECT_KEYS.projectId,
          // Keyless unless a key is configured.
          publishableClientKey: hexKey ?? stackKey
        })
      })
    )
  })
})
