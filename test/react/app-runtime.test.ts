import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { buildAppRuntime } from "../../src/react/app-runtime.js"

class Greeting extends Context.Service<Greeting, { readonly text: string }>()("test/Greeting") {}

/** A Greeting layer that records its release. */
const recordingLayer = (events: Array<string>) =>
  Layer.effect(
    Greeting,
    Effect.acquireRelease(
      Effect.sync(() => {
        events.push("built")
        return { text: "hello" }
      }),
      () => Effect.sync(() => events.push("released"))
    )
  )

describe("buildAppRuntime", () => {
  it("builds the Layer once and runs effects with it, sync and async", async () => {
    const events: Array<string> = []
    const built = buildAppRuntime(recordingLayer(events))
    const runtime = await built.ready
    assert.strictEqual(runtime.runSync(Effect.map(Greeting, (g) => g.text)), "hello")
    assert.strictEqual(await runtime.runPromise(Effect.map(Greeting, (g) => `${g.text}!`)), "hello!")
    const failed = await runtime.runPromiseExit(Effect.fail("no"))
    assert.isTrue(Exit.isFailure(failed))
    assert.deepStrictEqual(events, ["built"])
    await built.dispose()
    assert.deepStrictEqual(events, ["built", "released"])
  })

  it("dispose interrupts what the runtime still runs, then releases the Layer", async () => {
    const events: Array<string> = []
    const built = buildAppRuntime(recordingLayer(events))
    const runtime = await built.ready
    const started = Deferred.makeUnsafe<void>()
    const pending = runtime.runPromiseExit(
      Effect.andThen(Deferred.succeed(started, undefined), Effect.never).pipe(
        Effect.onInterrupt(() => Effect.sync(() => events.push("interrupted")))
      )
    )
    await Effect.runPromise(Deferred.await(started))
    await built.dispose()
    const exit = await pending
    assert.isTrue(Exit.hasInterrupts(exit))
    assert.deepStrictEqual(events, ["built", "interrupted", "released"])
  })

  it("a Layer that fails rejects ready with its error", async () => {
    const built = buildAppRuntime(Layer.effect(Greeting, Effect.fail(new Error("no config"))))
    const error = await built.ready.then(
      () => undefined,
      (e: unknown) => e
    )
    assert.instanceOf(error, Error)
    assert.strictEqual((error as Error).message, "no config")
  })

  it("dispose during the build releases what was acquired and never becomes ready", async () => {
    const events: Array<string> = []
    const gate = Deferred.makeUnsafe<void>()
    const slow = Layer.effect(
      Greeting,
      Effect.acquireRelease(
        Effect.sync(() => events.push("acquired")),
        () => Effect.sync(() => events.push("released"))
      ).pipe(Effect.andThen(Deferred.await(gate)), Effect.as({ text: "late" }))
    )
    const built = buildAppRuntime(slow)
    await Promise.resolve()
    await built.dispose()
    const outcome = await built.ready.then(
      () => "ready",
      () => "rejected"
    )
    assert.strictEqual(outcome, "rejected")
    assert.deepStrictEqual(events, ["acquired", "released"])
  })
})
