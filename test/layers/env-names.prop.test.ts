/**
 * The tiers' environment variables under the service's two names (docs/wire.md, "Two names"): each key is
 * read as `HEXCLAVE_*` first and as its old `STACK_*` name when the new one is unset, whatever mix a program's
 * environment holds.
 */
import { assert, describe, it } from "@effect/vitest"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import fc from "fast-check"
import { tierOptionsFromEnv } from "../../src/layers/tier.js"

const KEYS = {
  projectId: "PROJECT_ID",
  publishableClientKey: "PUBLISHABLE_CLIENT_KEY",
  secretServerKey: "SECRET_SERVER_KEY",
  superSecretAdminKey: "SUPER_SECRET_ADMIN_KEY",
  baseUrl: "API_URL"
} as const
type Key = keyof typeof KEYS

const value = fc.stringMatching(/^[a-z0-9-]{1,12}$/)
/** Per key: its value under the new name, under the old one, both (possibly different) or neither. */
const names = fc.record(
  Object.fromEntries(
    Object.keys(KEYS).map((key) => [key, fc.record({ hexclave: fc.option(value), stack: fc.option(value) })])
  ) as Record<Key, fc.Arbitrary<{ hexclave: string | null; stack: string | null }>>
)

describe("the tiers' environment variables", () => {
  it.effect("HEXCLAVE_* wins, STACK_* is read when the new name is unset", () =>
    Effect.gen(function* () {
      const run = Effect.runPromiseWith(yield* Effect.context<never>())
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(names, async (given) => {
            const env: Record<string, string> = {}
            for (const key of Object.keys(KEYS) as ReadonlyArray<Key>) {
              const { hexclave, stack } = given[key]
              if (hexclave !== null) env[`HEXCLAVE_${KEYS[key]}`] = hexclave
              if (stack !== null) env[`STACK_${KEYS[key]}`] = stack
            }
            const read = await run(tierOptionsFromEnv().parse(ConfigProvider.fromEnvRecord(env)))
            for (const key of Object.keys(KEYS) as ReadonlyArray<Key>) {
              assert.strictEqual(read[key], given[key].hexclave ?? given[key].stack ?? undefined, key)
            }
          }),
          { numRuns: 60 }
        )
      )
    })
  )
})
