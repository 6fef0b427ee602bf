/**
 * Faults a test injects into its own project's requests: the next N calls of a route (or every call a
 * predicate picks) answer a 5xx, a 429 with Retry-After, a known error, a delay or a dropped connection.
 * A route is written as the API declares it below `/api/v1` (`"POST /auth/otp/sign-in"`, `"/users/:user_id"`
 * or a concrete `"/users/me"`); one that no route of the backend matches is refused when the fault is added,
 * so a typo cannot leave a test passing without its fault.
 */
import * as Schema from "effect/Schema"
import type { KnownError } from "stackfx"
import { apiRoutes } from "../routes/index.js"

/** What a faulted request gets instead of (or before) the backend's answer. */
export type FaultAnswer =
  /** A plain answer with this status (a 5xx from a gateway, a 429 from a rate limiter). */
  | {
      readonly _tag: "Status"
      readonly status: number
      readonly body: string
      readonly headers: Readonly<Record<string, string>>
    }
  /** The known error as the service sends it (its code, message and details, the override convention honoured). */
  | { readonly _tag: "KnownError"; readonly error: KnownError }
  /** Waits `millis` of real time, then the backend answers as usual. */
  | { readonly _tag: "Delay"; readonly millis: number }
  /** The connection is reset before the backend handles the request: nothing happened there. */
  | { readonly _tag: "Drop" }

/** The answers a fault can give. */
export const Fault = {
  /** A 5xx (default 503) with a plain-text body, as a gateway or a crashed server sends it. */
  serverError: (status: number = 503): FaultAnswer => ({
    _tag: "Status",
    status,
    body: `Injected ${status} (stackfx testing kit)`,
    headers: { "content-type": "text/plain; charset=utf-8" }
  }),
  /** A 429 with `Retry-After: retryAfterSeconds` (default 1). */
  rateLimited: (retryAfterSeconds: number = 1): FaultAnswer => ({
    _tag: "Status",
    status: 429,
    body: "Too many requests (stackfx testing kit)",
    headers: { "content-type": "text/plain; charset=utf-8", "retry-after": String(retryAfterSeconds) }
  }),
  /** The known error, e.g. `new UserNotFound()`. */
  knownError: (error: KnownError): FaultAnswer => ({ _tag: "KnownError", error }),
  /** Waits `millis` (real time) before the backend answers. */
  delay: (millis: number): FaultAnswer => ({ _tag: "Delay", millis }),
  /** Resets the connection before the backend sees the request. */
  drop: { _tag: "Drop" } as FaultAnswer
}

/** The request a predicate looks at: the path is below `/api/v1`, without the query. */
export interface FaultRequest {
  readonly method: string
  readonly path: string
  readonly headers: Readonly<Record<string, string | undefined>>
}

/** Which requests a fault applies to: a route (`"POST /users/me"`, `"/teams/:team_id"`) or a predicate. */
export type FaultTarget = string | ((request: FaultRequest) => boolean)

/** How many matching calls get the fault: a count (default 1) or every one until the test ends. */
export interface FaultOptions {
  readonly times?: number | "always" | undefined
}

/** The fault's route is not one the backend serves (the message lists the closest ones). */
export class UnknownRoute extends Schema.TaggedError<UnknownRoute>()("UnknownRoute", {
  route: Schema.String,
  message: Schema.String
}) {}

interface RoutePattern {
  readonly method: string | undefined
  readonly segments: ReadonlyArray<string>
}

const segmentsOf = (path: string): ReadonlyArray<string> =>
  path
    .replace(/[?#].*$/, "")
    .split("/")
    .filter((s) => s !== "")

const parseTarget = (route: string): RoutePattern => {
  const match = route.trim().match(/^([A-Za-z]+)\s+(\S+)$/)
  return match === null
    ? { method: undefined, segments: segmentsOf(route.trim()) }
    : { method: (match[1] ?? "").toUpperCase(), segments: segmentsOf(match[2] ?? "") }
}

const isParam = (segment: string) => segment.startsWith(":") || segment === "*"

/** Whether two paths can name the same request: equal segments, or a parameter on either side. */
const overlaps = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean => {
  const wildcard = (s: ReadonlyArray<string>) => s.at(-1) === "*"
  if (!wildcard(a) && !wildcard(b) && a.length !== b.length) return false
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const x = a[i] ?? ""
    const y = b[i] ?? ""
    if (!isParam(x) && !isParam(y) && x !== y) return false
  }
  return true
}

const served: ReadonlyArray<RoutePattern> = apiRoutes.map((route) => ({
  method: route.method === "*" ? undefined : route.method.toUpperCase(),
  segments: segmentsOf(route.path)
}))

const sameMethod = (a: string | undefined, b: string | undefined) => a === undefined || b === undefined || a === b

/** The target as a request matcher, or `UnknownRoute` when the backend serves no such route. */
export const matcherOf = (target: FaultTarget): ((request: FaultRequest) => boolean) | UnknownRoute => {
  if (typeof target === "function") return target
  const pattern = parseTarget(target)
  if (!served.some((route) => sameMethod(route.method, pattern.method) && overlaps(route.segments, pattern.segments))) {
    const first = pattern.segments[0]
    const near = apiRoutes
      .filter((route) => first !== undefined && route.path.split("/")[1] === first)
      .map((route) => `${route.method} ${route.path}`)
      .slice(0, 8)
    return new UnknownRoute({
      route: target,
      message:
        `the local backend serves no route "${target}" (below /api/v1)` +
        (near.length === 0 ? "" : `; routes under /${first}: ${near.join(", ")}`)
    })
  }
  return (request) =>
    sameMethod(pattern.method, request.method.toUpperCase()) &&
    segmentsOf(request.path).length === pattern.segments.length &&
    overlaps(pattern.segments, segmentsOf(request.path))
}

/** One injected fault and how many more calls it applies to. */
export interface ActiveFault {
  readonly matches: (request: FaultRequest) => boolean
  readonly answer: FaultAnswer
  remaining: number
}

/** Takes the first fault matching the request (and counts it used), if any. */
export const takeFault = (active: Array<ActiveFault>, request: FaultRequest): FaultAnswer | undefined => {
  const index = active.findIndex((fault) => fault.remaining > 0 && fault.matches(request))
  const fault = active[index]
  if (fault === undefined) return undefined
  fault.remaining -= 1
  if (fault.remaining <= 0) active.splice(index, 1)
  return fault.answer
}
