import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "@effect/vitest"
import { makeSharedRefreshes, SHARED_REFRESH_KEEP_MS } from "../../../src/react/start/shared-refresh.js"

const expired = { accessToken: "old-access", refreshToken: "refresh" }

describe("shared session reads on the server", () => {
  it.effect("requests with the same cookies share one read while it runs, and its refresh for a while after", () =>
    Effect.gen(function* () {
      const shared = makeSharedRefreshes()
      let reads = 0
      const gate = yield* Deferred.make<void>()
      const read = Effect.andThen(
        Effect.sync(() => ++reads),
        Effect.as(Deferred.await(gate), { refreshed: true, token: "new-access" })
      )
      const first = yield* Effect.forkChild(shared.share(expired, read))
      const second = yield* Effect.forkChild(shared.share(expired, read))
      yield* Effect.yieldNow
      yield* Deferred.succeed(gate, undefined)
      expect(yield* Fiber.join(first)).toEqual({ refreshed: true, token: "new-access" })
      expect(yield* Fiber.join(second)).toEqual({ refreshed: true, token: "new-access" })
      // A request that left the browser before the new cookies arrived still gets the refreshed session.
      yield* TestClock.adjust(SHARED_REFRESH_KEEP_MS - 1)
      expect(yield* shared.share(expired, read)).toEqual({ refreshed: true, token: "new-access" })
      expect(reads).toBe(1)
      // After that, the old cookies are read anew.
      yield* TestClock.adjust(1)
      yield* shared.share(expired, read)
      expect(reads).toBe(2)
    })
  )

  it.effect("a read that did not refresh is not kept, and one without a refresh token is not shared", () =>
    Effect.gen(function* () {
      const shared = makeSharedRefreshes()
      let reads = 0
      const read = Effect.sync(() => ({ refreshed: false, n: ++reads }))
      yield* shared.share(expired, read)
      yield* shared.share(expired, read)
      yield* shared.share({ accessToken: "a", refreshToken: null }, read)
      expect(reads).toBe(3)
    })
  )

  it.effect("a failed read reaches every request that waited for it, and the next one reads again", () =>
    Effect.gen(function* () {
      const shared = makeSharedRefreshes()
      let reads = 0
      const read = Effect.andThen(
        Effect.sync(() => ++reads),
        Effect.fail("refused" as const)
      ) as Effect.Effect<{ readonly refreshed: boolean }, "refused">
      expect(yield* Effect.flip(shared.share(expired, read))).toBe("refused")
      expect(yield* Effect.flip(shared.share(expired, read))).toBe("refused")
      expect(reads).toBe(2)
    })
  )
})
