/**
 * The clock the backend uses for a request of a test's project: its time is the one the test gave (a
 * `TestClock`'s, or the real time plus an offset), its sleeps are real, so the backend's own waits (a
 * delay fault) cannot hang on a clock that only moves when the test says so.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"

/** A clock whose time is `source`'s and whose sleeps are real. */
export const followingClock = (source: () => number): Clock.Clock => {
  const live = Effect.runSync(Clock.clockWith(Effect.succeed))
  const nanos = () => BigInt(source()) * 1_000_000n
  return {
    currentTimeMillisUnsafe: source,
    currentTimeMillis: Effect.sync(source),
    currentTimeNanosUnsafe: nanos,
    currentTimeNanos: Effect.sync(nanos),
    monotonicTimeNanosUnsafe: nanos,
    monotonicTimeNanos: Effect.sync(nanos),
    sleep: (duration) => live.sleep(duration)
  }
}
