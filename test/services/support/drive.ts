import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Queue from "effect/Queue"
import { TestClock } from "effect/testing"

/** The virtual time a server-side handler can read (it runs outside Effect). */
export interface VirtualNow {
  now: number
}

/**
 * A Clock that delegates to `base` (the TestClock) and offers each sleep's length to `sleeps` as the sleep
 * begins. The offer only wakes the taker on a later scheduler turn, and the sleeping fiber registers its
 * sleep with the TestClock before it yields, so a taker that adjusts the TestClock finds the sleep there.
 */
export const signallingClock = (base: Clock.Clock, sleeps: Queue.Queue<number>): Clock.Clock => ({
  currentTimeMillisUnsafe: () => base.currentTimeMillisUnsafe(),
  currentTimeMillis: base.currentTimeMillis,
  currentTimeNanosUnsafe: () => base.currentTimeNanosUnsafe(),
  currentTimeNanos: base.currentTimeNanos,
  monotonicTimeNanosUnsafe: () => base.monotonicTimeNanosUnsafe(),
  monotonicTimeNanos: base.monotonicTimeNanos,
  sleep: (duration) =>
    Effect.suspend(() => {
      Queue.offerUnsafe(sleeps, Duration.toMillis(duration))
      return base.sleep(duration)
    })
})

/**
 * Runs `effect` on a clock that reports its sleeps, and each time it starts one moves the TestClock by
 * exactly that sleep (no real pauses: real I/O such as the local server's answer simply happens while
 * the driver waits for the next sleep or the end). `virtual.now` is the TestClock's time, so a server
 * handler reads the exact virtual time of each arrival. Sleeps for which `advance` answers false (a probe's
 * timeout racing real I/O) are left to end on their own.
 */
export const drive = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  virtual: VirtualNow,
  advance: (ms: number) => boolean = () => true
): Effect.Effect<Exit.Exit<A, E>, never, R> =>
  Effect.gen(function* () {
    const testClock = yield* Clock.Clock
    const sleeps = yield* Queue.unbounded<number>()
    virtual.now = testClock.currentTimeMillisUnsafe()
    const fiber = yield* Effect.forkChild(
      Effect.provideService(effect, Clock.Clock, signallingClock(testClock, sleeps))
    )
    type Next =
      | { readonly _tag: "Done"; readonly exit: Exit.Exit<A, E> }
      | { readonly _tag: "Sleep"; readonly ms: number }
    while (true) {
      const next: Next = yield* Effect.raceFirst(
        Effect.map(Fiber.await(fiber), (exit): Next => ({ _tag: "Done", exit })),
        Effect.map(Queue.take(sleeps), (ms): Next => ({ _tag: "Sleep", ms }))
      )
      if (next._tag === "Done") return next.exit
      if (next.ms <= 0 || !advance(next.ms)) continue
      virtual.now = testClock.currentTimeMillisUnsafe() + next.ms
      yield* TestClock.adjust(next.ms)
    }
  })
