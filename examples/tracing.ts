/**
 * stackfx calls in an OpenTelemetry tracer: a sign-up, a refused sign-in, a sign-in and a read of the
 * signed-in user, exported with effect's own OTLP exporter to a small OTLP/HTTP receiver that this script
 * starts on 127.0.0.1 and that prints the spans it receives as a tree. Point the exporter at a real
 * collector (Jaeger, Tempo, Honeycomb, …) instead by changing its `url`.
 *
 *   npx stackfx dev            # starts the local backend on http://127.0.0.1:8102
 *   npm run example:tracing    # STACK_API_URL, STACK_PROJECT_ID, STACK_PUBLISHABLE_CLIENT_KEY override the defaults
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as OtlpSerialization from "effect/observability/OtlpSerialization"
import * as OtlpTracer from "effect/observability/OtlpTracer"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Auth, clientTierFromEnv, CurrentUser } from "stackfx"
import { localBackendDefaults, runExample, signUpRefusals, stop, whenAClientCallFails } from "./local-backend.js"

/** The parts of an OTLP/HTTP JSON export this receiver prints. */
interface ReceivedSpan {
  readonly spanId: string
  readonly parentSpanId?: string
  readonly name: string
  readonly startTimeUnixNano: string
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly value: Record<string, unknown> }>
}
interface TraceExport {
  readonly resourceSpans: ReadonlyArray<{
    readonly scopeSpans: ReadonlyArray<{ readonly spans: ReadonlyArray<ReceivedSpan> }>
  }>
}

/** A minimal OTLP/HTTP endpoint: collects the spans of every `POST /v1/traces`. */
const startReceiver = () =>
  Effect.acquireRelease(
    Effect.callback<{ readonly url: string; readonly spans: Array<ReceivedSpan>; readonly close: () => void }>(
      (resume) => {
        const spans: Array<ReceivedSpan> = []
        const server = createServer((req, res) => {
          const chunks: Array<Buffer> = []
          req.on("data", (chunk: Buffer) => chunks.push(chunk))
          req.on("end", () => {
            if (req.url === "/v1/traces") {
              const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as TraceExport
              for (const resource of body.resourceSpans)
                for (const scope of resource.scopeSpans) spans.push(...scope.spans)
            }
            res.writeHead(200, { "content-type": "application/json" }).end("{}")
          })
        })
        server.listen(0, "127.0.0.1", () =>
          resume(
            Effect.succeed({
              url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
              spans,
              close: () => server.close()
            })
          )
        )
      }
    ),
    (receiver) => Effect.sync(receiver.close)
  )

/** A span's attributes as `key=value`, in the order they were set. */
const describeAttributes = (span: ReceivedSpan): string =>
  span.attributes.map(({ key, value }) => `${key}=${String(Object.values(value)[0])}`).join(" ")

/** The received spans as an indented tree, children under their parent in start order. */
const printTree = (spans: ReadonlyArray<ReceivedSpan>): Effect.Effect<void> =>
  Effect.gen(function* () {
    const ids = new Set(spans.map((s) => s.spanId))
    const byStart = [...spans].sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1))
    const print = (parent: string | undefined, depth: number): Effect.Effect<void> =>
      Effect.forEach(
        byStart.filter((s) =>
          parent === undefined ? s.parentSpanId === undefined || !ids.has(s.parentSpanId) : s.parentSpanId === parent
        ),
        (span) =>
          Effect.andThen(
            Console.log(
              `${"  ".repeat(depth)}${span.name}${span.attributes.length === 0 ? "" : `  [${describeAttributes(span)}]`}`
            ),
            print(span.spanId, depth + 1)
          ),
        { discard: true }
      )
    yield* print(undefined, 0)
  })

const email = `tracing-example-${Date.now().toString(36)}@example.com`
const password = "correct horse battery staple"

/** The traced part: what an app does when someone signs up and signs in. */
const signInFlow = Effect.gen(function* () {
  const auth = yield* Auth
  yield* auth.signUpWithCredential({ email, password }).pipe(Effect.catchTag(signUpRefusals, stop("signing up")))
  yield* auth.signOut
  // A refused attempt shows up as a failed span whose error.type is the known error's code.
  yield* auth
    .signInWithCredential({ email, password: "not the password" })
    .pipe(
      Effect.catchTag(
        ["EmailPasswordMismatch", "PasswordAuthenticationNotEnabled", "MultiFactorAuthenticationRequired"],
        () => Effect.void
      )
    )
  yield* auth
    .signInWithCredential({ email, password })
    .pipe(
      Effect.catchTag(
        ["EmailPasswordMismatch", "PasswordAuthenticationNotEnabled", "MultiFactorAuthenticationRequired"],
        stop("signing in")
      )
    )
  const user = yield* (yield* CurrentUser).get
  yield* Console.log(`signed in as ${user?.primaryEmail === email ? "the new user" : "someone else?!"}`)
}).pipe(Effect.withSpan("example.sign-in"))

const program = Effect.gen(function* () {
  const receiver = yield* startReceiver()
  const tracing = OtlpTracer.layer({ url: receiver.url, resource: { serviceName: "stackfx-tracing-example" } }).pipe(
    Layer.provide([OtlpSerialization.layerJson, FetchHttpClient.layer])
  )
  const client = clientTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))
  // The tracer's Layer flushes every span when it is released, at the end of this provide.
  yield* signInFlow.pipe(Effect.provide(Layer.merge(client, tracing)))
  yield* Console.log(`the OTLP receiver got ${receiver.spans.length} spans:`)
  yield* printTree(receiver.spans)
}).pipe(Effect.scoped)

await runExample(program.pipe(Effect.catchTags(whenAClientCallFails)))
