/**
 * The transport's retry policy as a plain model, to check a call against: given the faults its attempts
 * meet (in order; pass-through once they run out), how does the call end, after how many attempts, and
 * which backoff waits does it ask for? The policy (src/services/wire/retry.ts), with one
 * budget per cause per request that no other cause resets:
 *
 * - 429: retried after `Retry-After` (at once without it), at most `rateLimitMaxRetries` times in all; a
 *   `Retry-After` is waited out however long it is (a caller bounds a call with its own timeout);
 * - 508 INFINITE_LOOP_DETECTED: retried with 1, 2, 4, 8 s backoff (5 attempts in all);
 * - no answer (connection dropped): retried with 1, 2, 4, 8 s backoff only for idempotent methods
 *   (5 attempts in all);
 * - anything else ends the call at once.
 */
import {
  isIdempotent,
  loopDetectedMaxAttempts,
  networkMaxAttempts,
  networkRetryBaseMs,
  rateLimitMaxRetries
} from "../../../src/services/wire/retry.js"
import type { Fault } from "../../support/fault-proxy.js"

export type ExpectedEnd =
  | { readonly _tag: "Value" }
  | { readonly _tag: "HttpError"; readonly status: number }
  | { readonly _tag: "NetworkError" }
  | { readonly _tag: "ResponseDecodeError" }
  | { readonly _tag: "KnownErrorMismatch" }

export interface Expected {
  readonly end: ExpectedEnd
  readonly attempts: number
  /** Non-zero waits the client asks for between attempts, in ms. */
  readonly backoff: ReadonlyArray<number>
}

/** The most attempts any one send can make: the first, then every retry of every budget (19). */
export const attemptBudget = 1 + (networkMaxAttempts - 1) + (loopDetectedMaxAttempts - 1) + rateLimitMaxRetries

const effective = (fault: Fault): Fault => (fault._tag === "Delay" ? effective(fault.then) : fault)

const retryAfterMs = (fault: Fault): number => {
  if (fault._tag !== "Respond") return 0
  const header = fault.headers["retry-after"]
  if (header === undefined) return 0
  const seconds = Number(header)
  // The generators only use delta-seconds; a date would depend on when the attempt ran.
  return Number.isFinite(seconds) ? seconds * 1000 : 0
}

const isRateLimit = (f: Fault) =>
  f._tag === "Respond" && (f.status === 429 || f.headers["x-stack-actual-status"] === "429")

export const expectedFor = (method: string, queue: ReadonlyArray<Fault>): Expected => {
  const backoff: Array<number> = []
  let network = 0
  let loop = 0
  let rate = 0
  for (let attempt = 1; ; attempt++) {
    const fault = effective(queue[attempt - 1] ?? { _tag: "Pass", kind: "pass" })
    const end = (e: ExpectedEnd): Expected => ({ end: e, attempts: attempt, backoff })
    switch (fault._tag) {
      case "Pass":
        return end({ _tag: "Value" })
      case "DropBeforeUpstream":
      case "DropAfterUpstream":
      case "DropMidAnswer": {
        if (!isIdempotent(method) || network >= networkMaxAttempts - 1) return end({ _tag: "NetworkError" })
        backoff.push(networkRetryBaseMs * 2 ** network)
        network++
        continue
      }
      case "Respond": {
        if (isRateLimit(fault)) {
          const wait = retryAfterMs(fault)
          if (rate >= rateLimitMaxRetries) return end({ _tag: "HttpError", status: 429 })
          if (wait > 0) backoff.push(wait)
          rate++
          continue
        }
        if (fault.status === 508 && fault.body.includes("INFINITE_LOOP_DETECTED")) {
          if (loop >= loopDetectedMaxAttempts - 1) return end({ _tag: "HttpError", status: 508 })
          backoff.push(networkRetryBaseMs * 2 ** loop)
          loop++
          continue
        }
        if (fault.headers["x-stack-known-error"] !== undefined) return end({ _tag: "KnownErrorMismatch" })
        if (fault.status >= 200 && fault.status < 300) return end({ _tag: "ResponseDecodeError" })
        return end({ _tag: "HttpError", status: Number(fault.headers["x-stack-actual-status"] ?? fault.status) })
      }
    }
  }
}
