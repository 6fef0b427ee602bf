/**
 * The spans themselves (tracing.ts decides when a call makes them): what a span records and how it starts and
 * ends. Loaded the first time a traced program makes a span, so a program without a tracer never ships it; the
 * rules of what a span may hold are in tracing.ts's comment.
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as References from "effect/References"
import * as Tracer from "effect/Tracer"
import { API_PATH_PREFIX } from "../../domain/api.js"
import { isKnownError } from "../../errors/known/type-id.js"
import type { SpanSpec } from "./tracing.js"

/** A path segment kept in a template: lower-case words joined by dashes (`users`, `team-invitations`). */
const PLAIN_SEGMENT = /^[a-z]+(?:-[a-z]+)*$/

/**
 * The path as a low-cardinality template: `/users/3f1c…` -> `/api/v1/users/{id}`. A segment that is not a
 * plain word (an id, an e-mail a caller passed as one, a percent-encoded value) becomes `{id}`.
 */
export const urlTemplate = (path: string): string =>
  API_PATH_PREFIX +
  path
    .split("/")
    .map((segment) => (segment === "" || PLAIN_SEGMENT.test(segment) ? segment : "{id}"))
    .join("/")
    .replace(/\/+$/, "")

/** What a span records of a failure: the error's tag and, for an answer, its code or status. */
export interface FailureSummary {
  /** OpenTelemetry's `error.type`: the known-error code, the HTTP status, or the error's tag. */
  readonly type: string
  /** The exported exception: a name and a message free of anything the caller or server wrote. */
  readonly exception: { readonly name: string; readonly message: string }
}

const field = (error: unknown, name: string): unknown =>
  typeof error === "object" && error !== null ? (error as Readonly<Record<string, unknown>>)[name] : undefined

const tagOf = (error: unknown): string => {
  const tag = field(error, "_tag") ?? field(error, "name")
  return typeof tag === "string" ? tag : "Error"
}

/**
 * The summary of a failure: `UserEmailAlreadyExists` -> type `USER_EMAIL_ALREADY_EXISTS`; `HttpError` with
 * status 500 -> type `500`; anything else -> its tag (`NetworkError`, `ResponseDecodeError`, …).
 */
export const summarizeFailure = (error: unknown): FailureSummary => {
  const tag = tagOf(error)
  // Known errors and UnexpectedKnownError carry the server's code, a fixed SCREAMING_SNAKE word.
  const rawCode = isKnownError(error) || tag === "UnexpectedKnownError" ? field(error, "code") : undefined
  const code = typeof rawCode === "string" ? rawCode : undefined
  const rawStatus = field(error, "status")
  const status = typeof rawStatus === "number" ? rawStatus : undefined
  const type = code ?? (tag === "HttpError" && status !== undefined ? String(status) : tag)
  const detail = [code, status === undefined ? undefined : `(HTTP ${status})`].filter((part) => part !== undefined)
  return { type, exception: { name: tag, message: [tag, ...detail].join(" ") } }
}

/** The first failure or defect of an exit, if it is not only an interruption. */
const failureOf = (
  exit: Exit.Exit<unknown, unknown>
): { readonly error: unknown; readonly defect: boolean } | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  const reason = exit.cause.reasons.find((r) => r._tag !== "Interrupt")
  if (reason === undefined) return undefined
  return reason._tag === "Fail"
    ? { error: reason.error, defect: false }
    : { error: reason._tag === "Die" ? reason.defect : undefined, defect: true }
}

/**
 * Ends `span` with a redacted exit: a success without its value (the caller's data), a failure as its
 * summary only, so a tracer that exports the exit (OTLP turns it into the span's status and an
 * `exception` event) sees nothing the caller or server wrote.
 */
const endSpan = (span: Tracer.Span, exit: Exit.Exit<unknown, unknown>): Effect.Effect<void> =>
  Effect.withFiber((fiber) => {
    const failure = failureOf(exit)
    let redacted: Exit.Exit<void, FailureSummary["exception"]>
    if (Exit.isSuccess(exit)) redacted = Exit.void
    else if (failure === undefined || Cause.hasInterruptsOnly(exit.cause)) redacted = Exit.interrupt()
    else {
      const summary = summarizeFailure(failure.error)
      span.attribute("error.type", summary.type)
      redacted = failure.defect ? Exit.die(summary.exception) : Exit.fail(summary.exception)
    }
    const endTime = fiber.getRef(References.TracerTimingEnabled)
      ? fiber.getRef(Clock.Clock).currentTimeNanosUnsafe()
      : BigInt(0)
    span.end(endTime, redacted)
    return Effect.void
  })

/**
 * Runs `body` in a new span of the fiber's tracer, as the parent of the spans it makes. The span is made
 * with the tracer itself rather than `Effect.useSpan`, whose code (and effect's default tracer behind it)
 * would otherwise sit in every bundle's initial chunk; it follows the same rules: the current span as
 * parent and its sampling decision, the span annotations and links set with `Effect.annotateSpans` and
 * `Effect.linkSpans`, the clock for its times unless span timing is switched off.
 */
export const spanned = <A, E, R>(
  spec: SpanSpec,
  body: (span: Tracer.Span) => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  Effect.uninterruptibleMask((restore) =>
    Effect.withFiber((fiber) => {
      const context = fiber.context.mapUnsafe
      // Only called while isTracing holds, so a tracer is in the context.
      const tracer = context.get(Tracer.TracerKey) as Tracer.Tracer
      const parent = context.get(Tracer.ParentSpanKey) as Tracer.AnySpan | undefined
      const timing = fiber.getRef(References.TracerTimingEnabled)
      const span = tracer.span({
        name: spec.name,
        parent: parent === undefined ? Option.none() : Option.some(parent),
        annotations: Context.empty(),
        links: [...fiber.getRef(References.TracerSpanLinks)],
        startTime: timing ? fiber.getRef(Clock.Clock).currentTimeNanosUnsafe() : BigInt(0),
        kind: spec.kind,
        root: false,
        sampled: parent?.sampled ?? true
      })
      for (const [key, value] of Object.entries(fiber.getRef(References.TracerSpanAnnotations)))
        span.attribute(key, value)
      for (const [key, value] of Object.entries(spec.attributes ?? {})) span.attribute(key, value)
      return Effect.onExit(restore(Effect.provideService(body(span), Tracer.ParentSpan, span)), (exit) =>
        endSpan(span, exit)
      )
    })
  )

/**
 * One HTTP attempt by OpenTelemetry's HTTP client conventions: named `{method} {url.template}`, kind
 * client, with the server's address and, on a retry, `http.request.resend_count`.
 */
export const attemptSpan = (baseUrl: string, method: string, path: string, resendCount: number): SpanSpec => {
  const template = urlTemplate(path)
  const attributes: Record<string, string | number> = { "http.request.method": method, "url.template": template }
  const origin = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined
  if (origin !== undefined) {
    attributes["server.address"] = origin.hostname
    attributes["server.port"] = origin.port === "" ? (origin.protocol === "https:" ? 443 : 80) : Number(origin.port)
    attributes["url.scheme"] = origin.protocol.replace(/:$/, "")
  }
  if (resendCount > 0) attributes["http.request.resend_count"] = resendCount
  return { name: `${method} ${template}`, kind: "client", attributes }
}
