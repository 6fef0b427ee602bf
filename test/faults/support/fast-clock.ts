import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"

/**
 * A clock for fault tests: real wall time (so the local backend's tokens and the client agree on what is
 * fresh), plus a settable offset to make tokens look stale, and sleeps shortened by `factor` so the
 * transport's 1/2/4/8 s backoff costs milliseconds. Every requested sleep is recorded at its full length,
 * so tests can still check the backoff the client asked for.
 */
export class FastClock {
  /** Requested sleep lengths in ms, in order, before shortening. */
  readonly sleeps: Array<number> = []
  /** Moves the client's "now" ahead of the wall clock (e.g. 11 minutes: every access token looks stale). */
  offsetMs = 0
  readonly clock: Clock.Clock

  constructor(readonly factor = 100) {
    const nowMs = () => Date.now() + this.offsetMs
    const nowNanos = () => BigInt(nowMs()) * 1_000_000n
    const monotonic = () => process.hrtime.bigint()
    this.clock = {
      currentTimeMillisUnsafe: nowMs,
      currentTimeMillis: Effect.sync(nowMs),
      currentTimeNanosUnsafe: nowNanos,
      currentTimeNanos: Effect.sync(nowNanos),
      monotonicTimeNanosUnsafe: monotonic,
      monotonicTimeNanos: Effect.sync(monotonic),
      sleep: (duration) => {
        const ms = Duration.toMillis(duration)
        this.sleeps.push(ms)
        return Effect.callback<void>((resume) => {
          const timer = setTimeout(() => resume(Effect.void), Math.ceil(ms / factor))
          return Effect.sync(() => clearTimeout(timer))
        })
      }
    }
  }

  /** Runs `effect` with this clock in place of the default one. */
  readonly provide = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.provideService(effect, Clock.Clock, this.clock)
}
