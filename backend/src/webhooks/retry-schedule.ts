/**
 * When a failed delivery is tried again: Svix's published schedule (docs.svix.com/retries), the one the hosted
 * service's deliveries follow. After the first attempt fails: 5 seconds, 5 minutes, 30 minutes, 2 hours,
 * 5 hours, 10 hours and 10 hours; after the eighth attempt the delivery has failed. The schedule is an Effect
 * `Schedule`; the outbox keeps the next attempt's time in the database (a restart must not forget it), so the
 * dispatcher steps the schedule to read the delay after the n-th failure rather than sleeping through it.
 */
import * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schedule from "effect/Schedule"

/** The delays between attempts, in order. */
export const RETRY_DELAYS: ReadonlyArray<Duration.Duration> = [
  Duration.seconds(5),
  Duration.minutes(5),
  Duration.minutes(30),
  Duration.hours(2),
  Duration.hours(5),
  Duration.hours(10),
  Duration.hours(10)
]

/** Svix's retry schedule: one recurrence per delay above (its output is the retry's number, from 1). */
export const svixRetrySchedule: Schedule.Schedule<number> = Schedule.fromStep(
  Effect.sync(() => {
    let retries = 0
    return (_now: number, _input: unknown) => {
      const delay = RETRY_DELAYS[retries]
      if (delay === undefined) return Cause.done(retries)
      retries += 1
      return Effect.succeed([retries, delay] as [number, Duration.Duration])
    }
  })
)

/** The delay before the next attempt after `failures` failed ones; `undefined` once the schedule is spent. */
export const delayAfterFailures = (failures: number): Effect.Effect<Duration.Duration | undefined> =>
  Effect.gen(function* () {
    const step = yield* Schedule.toStep(svixRetrySchedule)
    let delay: Duration.Duration | undefined
    for (let i = 0; i < failures; i++) {
      const next = yield* Effect.exit(step(0, undefined))
      if (Exit.isFailure(next)) return undefined
      delay = next.value[1]
    }
    return delay
  })
