import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import type { ClientUser } from "../../src/domain/user.js"
import { QueryCache } from "../../src/react/cache.js"
import { invalidating, updateUser, userQuery } from "../../src/react/queries.js"
import { CurrentUser, type CurrentUserShape } from "../../src/services/current-user.js"

const ann = { id: "u1", displayName: "Ann" } as unknown as ClientUser

const testLayer = (loads: Ref.Ref<number>) =>
  Layer.merge(
    QueryCache.layer(),
    Layer.succeed(CurrentUser, {
      get: Effect.as(Ref.update(loads, (n) => n + 1), ann),
      update: (patch) => Effect.succeed({ ...ann, ...patch } as ClientUser),
      delete: Effect.void,
      authJson: Effect.die("not used here"),
      authHeaders: Effect.die("not used here")
    } as CurrentUserShape)
  )

describe("mutation helpers", () => {
  it.effect("updateUser puts the answer in the cache without reloading", () =>
    Effect.gen(function*() {
      const loads = yield* Ref.make(0)
      yield* Effect.gen(function*() {
        const cache = yield* QueryCache
        cache.subscribe(userQuery.key, () => undefined)
        yield* cache.get(userQuery.key, userQuery.load)
        yield* updateUser({ displayName: "Annie" })
        const snapshot = cache.peek(userQuery.key)
        assert.strictEqual(snapshot?._tag === "Success" ? (snapshot.value as ClientUser).displayName : undefined, "Annie")
        assert.strictEqual(yield* Ref.get(loads), 1)
      }).pipe(Effect.provide(testLayer(loads)))
    }))

  it.effect("invalidating reloads the named queries after the mutation, even within the throttle", () =>
    Effect.gen(function*() {
      const loads = yield* Ref.make(0)
      yield* Effect.gen(function*() {
        const cache = yield* QueryCache
        cache.subscribe(userQuery.key, () => undefined)
        yield* cache.get(userQuery.key, userQuery.load)
        const answer = yield* Effect.succeed("done").pipe(invalidating(userQuery.key))
        assert.strictEqual(answer, "done")
        assert.strictEqual(yield* Ref.get(loads), 2)
        yield* Effect.fail("nope").pipe(invalidating(userQuery.key), Effect.ignore)
        assert.strictEqual(yield* Ref.get(loads), 2, "a failed mutation changed nothing")
      }).pipe(Effect.provide(testLayer(loads)))
    }))
})
