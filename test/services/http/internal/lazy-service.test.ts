import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { NetworkError } from "../../../../src/errors/client/network-error.js"
import { layerLazy } from "../../../../src/services/http/internal/lazy-service.js"

class Boom extends Schema.TaggedError<Boom>()("Boom", { reason: Schema.String }) {}

/** A service the implementation is built with (captured when the Layer is built). */
class Greeting extends Context.Service<Greeting, { readonly word: string }>()("test/Greeting") {}

/** Read by a member when it runs, so it comes from the caller's fiber. */
const Suffix = Context.Reference<string>("test/Suffix", { defaultValue: () => "" })

interface ShelfShape {
  readonly count: Effect.Effect<number, NetworkError>
  readonly greet: (name: string, times: number) => Effect.Effect<string, NetworkError>
  readonly take: (id: string) => Effect.Effect<string, Boom | NetworkError>
}

class Shelf extends Context.Service<Shelf, ShelfShape>()("test/Shelf") {}

const kinds = { count: "effect", greet: "function", take: "function" } as const

/** A loader that counts its runs, as `() => import("./x-live.js").then((m) => m.makeX)` would run once per chunk. */
const loader = (options: { readonly gate?: Promise<void>; readonly failures?: number } = {}) => {
  const state = { loads: 0, builds: 0, failures: options.failures ?? 0 }
  const make: Effect.Effect<ShelfShape, never, Greeting> = Effect.gen(function* () {
    state.builds++
    const greeting = yield* Greeting
    return {
      count: Effect.succeed(42),
      greet: (name, times) =>
        Effect.map(Suffix, (suffix) =>
          Array.from({ length: times }, () => `${greeting.word} ${name}${suffix}`).join(", ")
        ),
      take: (id) => (id === "missing" ? Effect.fail(new Boom({ reason: `no ${id}` })) : Effect.succeed(`took ${id}`))
    }
  })
  const load = async (): Promise<Effect.Effect<ShelfShape, never, Greeting>> => {
    state.loads++
    if (options.gate !== undefined) await options.gate
    if (state.failures > 0) {
      state.failures--
      throw new Error("Failed to fetch dynamically imported module")
    }
    return make
  }
  return { state, load }
}

const shelfLayer = (load: () => Promise<Effect.Effect<ShelfShape, never, Greeting>>, word = "hello") =>
  layerLazy(Shelf, kinds, load).pipe(Layer.provide(Layer.succeed(Greeting, { word })))

describe("layerLazy", () => {
  it.effect("members forward to the implementation, Effect members and functions with their arguments", () =>
    Effect.gen(function* () {
      const shelf = yield* Shelf
      assert.strictEqual(yield* shelf.count, 42)
      assert.strictEqual(yield* shelf.greet("ann", 2), "hello ann, hello ann")
      assert.strictEqual(yield* shelf.greet("bo", 1), "hello bo")
      assert.strictEqual(yield* shelf.take("book"), "took book")
    }).pipe(Effect.provide(shelfLayer(loader().load)))
  )

  it.effect("the code is not loaded when the Layer is built, only when a member first runs", () => {
    const { load, state } = loader()
    return Effect.gen(function* () {
      const shelf = yield* Shelf
      const greet = shelf.greet("bo", 1)
      assert.strictEqual(state.loads, 0, "building the Layer (and making a call without running it) loads nothing")
      assert.strictEqual(yield* greet, "hello bo")
      assert.strictEqual(state.loads, 1)
      yield* shelf.count
      yield* shelf.take("x")
      assert.strictEqual(state.loads, 1, "later calls reuse the loaded implementation")
      assert.strictEqual(state.builds, 1)
    }).pipe(Effect.provide(shelfLayer(load)))
  })

  it.effect("many concurrent first calls load and build the implementation once", () => {
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    const { load, state } = loader({ gate })
    return Effect.gen(function* () {
      const shelf = yield* Shelf
      const callers = 25
      // The load is held until every caller has made its call, so all of them find it under way.
      const allCalling = yield* Deferred.make<void>()
      let calling = 0
      const call = <A, E>(effect: Effect.Effect<A, E>) =>
        Effect.andThen(
          Effect.suspend(() => (++calling === callers ? Deferred.succeed(allCalling, undefined) : Effect.void)),
          effect
        )
      const calls = Effect.all(
        Array.from({ length: callers }, (_, i) =>
          call(i % 2 === 0 ? shelf.greet(`u${i}`, 1) : Effect.map(shelf.count, String))
        ),
        { concurrency: "unbounded" }
      )
      const opening = Deferred.await(allCalling).pipe(Effect.andThen(Effect.sync(() => open())))
      const [results] = yield* Effect.all([calls, opening], { concurrency: "unbounded" })
      assert.strictEqual(state.loads, 1)
      assert.strictEqual(state.builds, 1)
      assert.strictEqual(results[0], "hello u0")
      assert.strictEqual(results[1], "42")
      assert.strictEqual(results.length, 25)
    }).pipe(Effect.provide(shelfLayer(load)))
  })

  it.effect("the implementation is built with the services of the Layer's build, not the caller's", () => {
    const { load } = loader()
    return Effect.gen(function* () {
      const shelf = yield* Shelf
      const answer = yield* shelf.greet("cy", 1).pipe(Effect.provideService(Greeting, { word: "caller's" }))
      assert.strictEqual(answer, "bonjour cy")
    }).pipe(Effect.provide(shelfLayer(load, "bonjour")))
  })

  it.effect("a member reads References when it runs, in the caller's fiber", () => {
    const { load } = loader()
    return Effect.gen(function* () {
      const shelf = yield* Shelf
      assert.strictEqual(yield* shelf.greet("di", 1), "hello di")
      assert.strictEqual(yield* shelf.greet("di", 1).pipe(Effect.provideService(Suffix, "!")), "hello di!")
    }).pipe(Effect.provide(shelfLayer(load)))
  })

  it.effect("a member's own errors pass through, typed", () => {
    const { load } = loader()
    return Effect.gen(function* () {
      const shelf = yield* Shelf
      const taking: Effect.Effect<string, Boom | NetworkError> = shelf.take("missing")
      const error = yield* Effect.flip(taking)
      assert.instanceOf(error, Boom)
      assert.strictEqual(error._tag, "Boom")
      if (error._tag === "Boom") assert.strictEqual(error.reason, "no missing")
      const recovered = yield* taking.pipe(Effect.catchTag("Boom", (boom) => Effect.succeed(`caught ${boom.reason}`)))
      assert.strictEqual(recovered, "caught no missing")
    }).pipe(Effect.provide(shelfLayer(load)))
  })

  it.effect("code that cannot be fetched fails the call with a NetworkError, and the next call tries again", () => {
    const { load, state } = loader({ failures: 1 })
    return Effect.gen(function* () {
      const shelf = yield* Shelf
      const error = yield* Effect.flip(shelf.take("book"))
      assert.instanceOf(error, NetworkError)
      assert.strictEqual(error._tag, "NetworkError")
      assert.include(error.message, "Failed to fetch dynamically imported module")
      assert.strictEqual(yield* shelf.take("book"), "took book")
      assert.strictEqual(state.loads, 2)
      assert.strictEqual(state.builds, 1)
    }).pipe(Effect.provide(shelfLayer(load)))
  })

  it("a kinds table must name every member with its kind (checked by tsc)", () => {
    const { load } = loader()
    // @ts-expect-error `count` is an Effect, not a function
    const wrongKind = layerLazy(Shelf, { count: "function", greet: "function", take: "function" }, load)
    // @ts-expect-error `take` is missing
    const missing = layerLazy(Shelf, { count: "effect", greet: "function" }, load)
    // @ts-expect-error `greet` is a function, not an Effect
    const swapped = layerLazy(Shelf, { count: "effect", greet: "effect", take: "function" }, load)
    const right = layerLazy(Shelf, kinds, load)
    assert.isTrue(Layer.isLayer(wrongKind) && Layer.isLayer(missing) && Layer.isLayer(swapped) && Layer.isLayer(right))
  })

  it("a member that cannot fail with NetworkError is refused (checked by tsc)", () => {
    class Strict extends Context.Service<Strict, { readonly get: Effect.Effect<number> }>()("test/Strict") {}
    // @ts-expect-error `get` cannot report a failed code load
    const layer = layerLazy(Strict, { get: "effect" }, () =>
      Promise.resolve(Effect.succeed({ get: Effect.succeed(1) }))
    )
    assert.isTrue(Layer.isLayer(layer))
  })

  it.effect("a first-load member runs as built with the Layer and never loads the code; the others still load", () => {
    const { load, state } = loader()
    // `count` is written where the tag is (a `firstLoad` member), with the services of the Layer.
    const firstLoad = Effect.map(Greeting, ({ word }) => ({ count: Effect.succeed(word.length) }))
    return Effect.gen(function* () {
      const shelf = yield* Shelf
      assert.strictEqual(yield* shelf.count, 5)
      assert.strictEqual(yield* shelf.count, 5)
      assert.strictEqual(state.loads, 0, "the first-load member loaded nothing")
      assert.strictEqual(yield* shelf.take("book"), "took book")
      assert.strictEqual(state.loads, 1)
      assert.strictEqual(yield* shelf.count, 5, "still the first-load member, not the loaded one (42)")
    }).pipe(
      Effect.provide(
        layerLazy(Shelf, kinds, load, undefined, firstLoad).pipe(
          Layer.provide(Layer.succeed(Greeting, { word: "hello" }))
        )
      )
    )
  })
})
