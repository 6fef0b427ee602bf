/**
 * Spans in the user's tracer: every operation of an endpoint service (`stackfx.CurrentUser.update`), each
 * HTTP attempt under it (`PATCH /api/v1/users/me`, kind client, OpenTelemetry's HTTP client attributes)
 * and each session refresh (`stackfx.Session.refresh`, with its own attempt below it).
 *
 * Spans are made only when the program provides a tracer (`Effect.withTracer`, an OpenTelemetry or OTLP
 * Layer) and tracing is not switched off: an untraced call pays one context lookup per step. No trace header
 * is ever sent: the hosted API's CORS allow-list has none.
 *
 * What a span holds is chosen here and nowhere else, so that no token, key, password, code or e-mail
 * address reaches a tracer: the request's path becomes a template (segments that are not plain words
 * become `{id}`), the query string and the bodies are never recorded, and a failure is recorded as its
 * tag and known-error code only (a known error's message can quote an e-mail address, a decode error
 * the body, an invalid input the value).
 */
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import * as References from "effect/References"
import * as Tracer from "effect/Tracer"
import type { LazyParts, LoadLazyParts } from "./lazy-parts.js"

/** A span about to start: its name, kind and first attributes. */
export interface SpanSpec {
  readonly name: string
  readonly kind: Tracer.SpanKind
  readonly attributes?: Readonly<Record<string, string | number | boolean>> | undefined
}

/**
 * True when this fiber's spans go somewhere: a tracer was provided (the default in-memory one counts as
 * none) and tracing is not switched off. Reading the context, not `Tracer.Tracer`, keeps effect's default
 * tracer out of a bundle that never traces.
 */
export const isTracing = (fiber: Fiber.Fiber<unknown, unknown>): boolean =>
  fiber.context.mapUnsafe.has(Tracer.TracerKey) && fiber.getRef(References.TracerEnabled)

/**
 * Runs `body` in the span `spec` describes when the fiber is tracing, handing it the span to annotate;
 * otherwise runs `body(undefined)` as it is (`spec` is then never called).
 */
export const inSpan = <A, E, R>(
  load: LoadLazyParts,
  spec: (spans: LazyParts) => SpanSpec,
  body: (span: Tracer.Span | undefined) => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  Effect.withFiber((fiber) =>
    isTracing(fiber)
      ? Effect.flatMap(
          // The spans' code (tracing-spans.ts) travels in the lazily loaded chunk: a program without a tracer
          // never ships it. Should the chunk fail to load (offline), the call runs untraced rather than failing
          // for its observability.
          Effect.promise(() => load().catch(() => undefined)),
          (spans) => (spans === undefined ? body(undefined) : spans.spanned(spec(spans), body))
        )
      : body(undefined)
  )

/** `stackfx/CurrentUser` + `update` -> `stackfx.CurrentUser.update` */
export const operationName = (serviceKey: string, member: string): string =>
  `${serviceKey.replace(/\//g, ".")}.${member}`

/** An operation of an endpoint service as one span, e.g. `traceOperation("stackfx.Teams.list")(effect)`. */
export const traceOperation = (load: LoadLazyParts, name: string) => {
  const spec = (): SpanSpec => ({ name, kind: "internal" })
  return <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => inSpan(load, spec, () => effect)
}

/**
 * The service object with each member that is an Effect, or a function answering one, run in an operation
 * span named after the service key and the member (`stackfx.CurrentUser.update`). Other members are kept.
 */
export const tracedService = <Shape>(load: LoadLazyParts, serviceKey: string, shape: Shape): Shape => {
  const traced: Record<string, unknown> = {}
  for (const [member, value] of Object.entries(shape as Readonly<Record<string, unknown>>)) {
    const trace = traceOperation(load, operationName(serviceKey, member))
    traced[member] = Effect.isEffect(value)
      ? trace(value)
      : typeof value === "function"
        ? (...args: ReadonlyArray<unknown>) => {
            const out: unknown = value(...args)
            return Effect.isEffect(out) ? trace(out) : out
          }
        : value
  }
  // Every member keeps its type: Effects stay Effects with the same channels, functions keep their
  // parameters and answer the same Effect wrapped in a span.
  return traced as Shape
}
