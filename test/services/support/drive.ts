import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"

/** The virtual time a server-side handler can read (it runs outside Effect). */
export interface VirtualNow {
  now: number
}

const realPause = (ms: number) => Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/**
 * Moves the TestClock in `step`s, pausing a few real milliseconds between steps so real I/O (the local
 * server) can happen, until the fiber is done. `virtual.now` follows the clock; it may run up to one
 * step ahead while an adjustment is under way, so times read from it are exact to within one step.
 */
export const drive = <A, E>(
  fiber: Fiber.Fiber<A, E>,
  virtual: VirtualNow,
  step: Duration.Input = "100 millis",
  maxSteps = 2000
): Effect.Effect<Exit.Exit<A, E>> =>
  Effect.gen(function*() {
    for (let i = 0; i < maxSteps; i++) {
      yield* realPause(10)
      const exit = fiber.pollUnsafe()
      if (exit !== undefined) return exit
      virtual.now = (yield* Clock.currentTimeMillis) + Duration.toMillis(Duration.fromInputUnsafe(step))
      yield* TestClock.adjust(step)
    }
    return yield* Effect.die(new Error("fiber did not finish"))
  })
