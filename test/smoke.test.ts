import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"

describe("smoke", () => {
  it.effect("runs", () => Effect.map(Effect.succeed(1), (n) => assert.strictEqual(n, 1)))
})
