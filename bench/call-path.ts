/**
 * Which modules of src/ a call runs code in, for the count of docs/architecture.md ("The flow of one call"):
 * `Teams.update` and a `useUser()` read (`CurrentUser.get`), each run twice through the client tier against a
 * stub `fetch` that answers at once, under V8's precise coverage.
 *
 *   node --import tsx bench/call-path.ts
 *
 * A module counts for a run when a function of it ran during the run and the call reaches it by value
 * imports from where it starts (the service's tag module; through the lazily loaded chunk,
 * src/services/live.ts, only the service's own module). The first run builds the service; it would also load
 * the chunk and the codec (wire-codec.ts), whose modules all run while they are evaluated, so both are loaded
 * before the runs: what is counted is the code the call itself runs. From the second run on, only what every
 * call runs is left. Not part of `npm run bench`: it measures no time.
 */
import { readFileSync } from "node:fs"
import { Session as Inspector } from "node:inspector/promises"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(import.meta.dirname, "..")
const src = join(root, "src")

// Coverage from before the library is imported, so every function it compiles is counted.
const inspector = new Inspector()
inspector.connect()
await inspector.post("Profiler.enable")
await inspector.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true })

const Layer = await import("effect/Layer")
const ManagedRuntime = await import("effect/ManagedRuntime")
const { clientTier, CurrentUser, Fetch, Session, Teams } = await import("../src/index.js")
const { wireUser } = await import("../test/services/support/wire-user.js")

// A team id is a UUID: the client checks the path parameter against the declaration before sending.
const teamId = "5f0c3a52-7f7e-4c1a-9a57-2b8f1c0d9e31"
const team = {
  id: teamId,
  display_name: "Acme",
  profile_image_url: null,
  client_metadata: {},
  client_read_only_metadata: {}
}
const answer = (url: string) =>
  Promise.resolve(
    new Response(JSON.stringify(url.endsWith("/users/me") ? wireUser() : team), {
      status: 200,
      headers: { "content-type": "application/json" }
    })
  )

const runtime = ManagedRuntime.make(
  Layer.provideMerge(
    clientTier({ projectId: "p", publishableClientKey: "pck", baseUrl: "http://stub", tokenStore: "memory" }),
    Layer.succeed(Fetch, answer)
  )
)
// An access token the session reads as fresh for an hour (the client never checks its signature).
const claims = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url")
const exp = Math.floor(Date.now() / 1000) + 3600
const accessToken = `${claims({ alg: "ES256" })}.${claims({ sub: wireUser().id, exp })}.signature`
await runtime.runPromise(Session.use((s) => s.setTokens({ accessToken, refreshToken: "r" })))

/** Value imports of a module (type-only ones run nothing), resolved to files. */
const valueImports = (file: string): ReadonlyArray<string> => {
  // Comments left out: a doc comment's example names imports the module does not make.
  const text = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+"(\.[^"]+)"/gms),
    ...text.matchAll(/import\("(\.[^"]+)"\)/g)
  ].map((m) => m[1]!)
  return specifiers.map((s) => resolve(dirname(file), s.replace(/\.js$/, ".ts")))
}

/** What the call reaches from its start; through the chunk only the service's own module. */
const reachable = (start: string, serviceModule: string): ReadonlySet<string> => {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !file.startsWith(src)) return
    seen.add(file)
    const next = file === join(src, "services", "live.ts") ? [serviceModule] : valueImports(file)
    for (const imported of next) visit(imported)
  }
  visit(start)
  return seen
}

interface FunctionCoverage {
  readonly functionName: string
  readonly ranges: ReadonlyArray<{ readonly startOffset: number; readonly count: number }>
}

/** The modules of `scope` in which a function (not the module's evaluation) ran since the last take. */
const ran = async (scope: ReadonlySet<string>): Promise<ReadonlyArray<string>> => {
  const { result } = await inspector.post("Profiler.takePreciseCoverage")
  return result
    .filter((script) => script.url.startsWith("file://"))
    .flatMap((script) => {
      const file = fileURLToPath(script.url)
      const functions = script.functions as ReadonlyArray<FunctionCoverage>
      // tsx's `__name` helper runs wherever a named function is made.
      const ranCode = functions.some(
        (f) => f.ranges[0]!.startOffset !== 0 && f.functionName !== "__name" && f.ranges[0]!.count > 0
      )
      return scope.has(file) && ranCode ? [relative(src, file)] : []
    })
    .sort()
}

const calls = [
  {
    name: "Teams.update(teamId, patch)",
    start: "services/generated/teams.ts",
    service: "services/teams/teams.ts",
    run: () => runtime.runPromise(Teams.use((teams) => teams.update(teamId, { displayName: "B" })))
  },
  {
    name: "CurrentUser.get (useUser)",
    start: "services/generated/current-user.ts",
    service: "services/users/current-user.ts",
    run: () => runtime.runPromise(CurrentUser.use((me) => me.get))
  }
]

// The chunk and the codec, loaded before the runs (see above).
await import("../src/services/live.js")
await import("../src/services/wire/wire-codec.js")

for (const call of calls) {
  const scope = reachable(join(src, call.start), join(src, call.service))
  await inspector.post("Profiler.takePreciseCoverage")
  await call.run()
  const first = await ran(scope)
  await call.run()
  const next = await ran(scope)
  const all = [...new Set([call.start, ...first, ...next])].sort()
  console.log(`${call.name}: ${all.length} modules`)
  console.log(`  every run (${next.length}): ${next.join(", ")}`)
  console.log(`  the first run also: ${all.filter((m) => !next.includes(m)).join(", ")}`)
}
await runtime.dispose()
inspector.disconnect()
