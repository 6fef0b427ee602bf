import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import { NETWORK_RETRIES, NETWORK_RETRY_BASE_MS } from "../domain/constants.js"

// Retry signals: the transport fails one attempt with these, the schedules below decide whether to try
// again, and whatever is left when they give up becomes a public error (HttpError or NetworkError).

/** A 429 answer; `retryAfterMs` is absent when the server sent no usable `Retry-After`. */
export class RateLimited extends Schema.TaggedError<RateLimited>()("RateLimited", {
  retryAfterMs: Schema.optional(Schema.Number),
  body: Schema.String
}) {}

/** A 508 whose body says `INFINITE_LOOP_DETECTED` (the hosting platform's transient loop guard). */
export class LoopDetected extends Schema.TaggedError<LoopDetected>()("LoopDetected", {
  body: Schema.String
}) {}

/** fetch rejected or the body could not be read: no HTTP answer at all. */
export class NetworkFailure extends Schema.TaggedError<NetworkFailure>()("NetworkFailure", {
  message: Schema.String,
  cause: Schema.Unknown
}) {}

export type RetrySignal = RateLimited | LoopDetected | NetworkFailure

/** Methods a server must treat as safe to repeat; only these are retried after a network failure. */
export const idempotentMethods: ReadonlyArray<string> = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]

export const isIdempotent = (method: string): boolean => idempotentMethods.includes(method.toUpperCase())

/** SPEC.md section 9: five attempts in all, waits of 1, 2, 4, 8 s (attempts at 0/1/3/7/15 s). */
// The spec's "5 retries" follows the hosted client, where it counts attempts in all.
export const networkMaxAttempts = NETWORK_RETRIES
export const networkRetryBaseMs = NETWORK_RETRY_BASE_MS
export const networkSchedule: Schedule.Schedule<Duration.Duration, unknown> = Schedule.exponential(
  Duration.millis(networkRetryBaseMs)
).pipe(Schedule.upTo({ times: networkMaxAttempts - 1 }))

/**
 * The spec puts no bound on 429 retries; ours is 10 in a row (11 attempts), so a server that keeps
 * answering 429 surfaces as `HttpError(429)` instead of hanging the caller forever.
 */
export const rateLimitMaxRetries = 10
export const rateLimitSchedule: Schedule.Schedule<number, unknown> = Schedule.recurs(rateLimitMaxRetries).pipe(
  Schedule.modifyDelay(({ input }) =>
    Effect.succeed(Duration.millis(input instanceof RateLimited ? input.retryAfterMs ?? 0 : 0))
  )
)

/** 508 loop detection: same backoff and bound as network failures (4 retries, 1 s base). */
export const loopDetectedMaxAttempts = 5
export const loopDetectedSchedule: Schedule.Schedule<Duration.Duration, unknown> = Schedule.exponential(
  Duration.millis(networkRetryBaseMs)
).pipe(Schedule.upTo({ times: loopDetectedMaxAttempts - 1 }))

const isRateLimited = (e: unknown): boolean => e instanceof RateLimited
const isLoopDetected = (e: unknown): boolean => e instanceof LoopDetected
const isNetworkFailure = (e: unknown): boolean => e instanceof NetworkFailure

/**
 * Wraps one attempt of `method` with the three policies. Nested so each keeps its own count:
 * the network bound holds however many 429s come in between.
 */
export const withRetries = (method: string) => <A, E, R>(attempt: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  attempt.pipe(
    Effect.retry({ schedule: rateLimitSchedule, while: isRateLimited }),
    Effect.retry({ schedule: loopDetectedSchedule, while: isLoopDetected }),
    Effect.retry({ schedule: networkSchedule, while: (e) => isIdempotent(method) && isNetworkFailure(e) })
  )

/**
 * `Retry-After` as milliseconds: delta-seconds or an HTTP date (relative to `nowMs`). Undefined when
 * absent or unreadable, which means "retry at once".
 */
export const parseRetryAfter = (header: string | undefined, nowMs: number): number | undefined => {
  if (header === undefined) return undefined
  const trimmed = header.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs)
}
