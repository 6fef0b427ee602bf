/**
 * A tracer that keeps every span it makes, for tests that look at what stackfx hands a tracer. `exported`
 * renders a span the way effect's OTLP exporter does (attributes, events, and the exit as status and
 * `exception` events), so a test can search exactly what would leave the process.
 */
import * as Cause from "effect/Cause"
import * as Option from "effect/Option"
import * as Tracer from "effect/Tracer"

export interface Recording {
  readonly tracer: Tracer.Tracer
  /** Every span made so far, in the order they started. */
  readonly spans: Array<Tracer.NativeSpan>
}

export const recordingTracer = (): Recording => {
  const spans: Array<Tracer.NativeSpan> = []
  const tracer = Tracer.make({
    span: (options) => {
      const span = new Tracer.NativeSpan(options)
      spans.push(span)
      return span
    }
  })
  return { tracer, spans }
}

/** The span's parent, when it is one of `spans`. */
export const parentOf = (span: Tracer.NativeSpan, spans: ReadonlyArray<Tracer.NativeSpan>) => {
  const parent = Option.getOrUndefined(span.parent)
  return parent === undefined ? undefined : spans.find((s) => s.spanId === parent.spanId)
}

/** What an OTLP export of the span would contain, as one string. */
export const exported = (span: Tracer.NativeSpan): string => {
  const exit = span.status._tag === "Ended" ? span.status.exit : undefined
  const failure =
    exit === undefined || exit._tag === "Success"
      ? []
      : Cause.prettyErrors(exit.cause, { includeCauseInStack: true }).map((e) => ({
          name: e.name,
          message: e.message,
          stack: e.stack
        }))
  return JSON.stringify({
    name: span.name,
    kind: span.kind,
    attributes: [...span.attributes],
    events: span.events.map(([name, , attributes]) => ({ name, attributes })),
    links: span.links.length,
    failure
  })
}
