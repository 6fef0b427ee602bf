/**
 * Where a call's time goes, for the per-call figure (overhead.ts): the same `GET /users/me` through ever
 * more of stackfx, each variant alternating call by call with a raw fetch against the local backend in its
 * own process, and its median printed next to the raw fetch's.
 *
 *   node --import tsx bench/per-call-bisect.ts                      # every variant, 2,500 calls each
 *   node --import tsx bench/per-call-bisect.ts raw,stackfx 3000     # some variants
 *
 * Not part of `npm run bench`: it answers "which layer costs what", and only on an idle machine. It runs
 * the sources under tsx, whose named inner functions each cost a `__name` call (see built-client.ts), so
 * its stackfx variants read a few µs higher than the per-call figure, which times the built code.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { ClientUser } from "../src/domain/user.js"
import { clientTier } from "../src/layers/client.js"
import { ClientConfig } from "../src/services/wire/client-config.js"
import { makeNoncePool, requestHeaders, type TransportRequest } from "../src/services/wire/transport-request.js"
import { Transport } from "../src/services/http/transport.js"
import { Session } from "../src/services/session/session.js"
import { CurrentUser } from "../src/services/generated/current-user.js"
import { startServerProcess } from "./server-process.js"
import { median, project, uniqueEmail } from "./util.js"
import { signUp } from "./wire.js"

const randomNonce = makeNoncePool()
const server = await startServerProcess("memory")
try {
  const baseUrl = server.url
  const tokens = await signUp(baseUrl, uniqueEmail("bisect"), "benchmark-password")
  const runtime = ManagedRuntime.make(
    clientTier({
      projectId: project.id,
      publishableClientKey: project.publishableClientKey,
      baseUrl,
      tokenStore: "memory"
    })
  )
  await runtime.runPromise(Session.use((session) => session.setTokens(tokens)))
  // The tier's Layer builds the Transport too; its public type lists only the services a program uses.
  const internal = runtime as unknown as ManagedRuntime.ManagedRuntime<Transport, never>
  const config = Context.get(await runtime.context(), ClientConfig)
  const url = `${baseUrl}/api/v1/users/me`
  const request: TransportRequest = { method: "GET", path: "/users/me" }
  // The request stackfx sends, headers and options alike; `signal` only where a variant passes one.
  const init = (signal?: AbortSignal): RequestInit => ({
    method: "GET",
    headers: requestHeaders(config, request, randomNonce(), tokens),
    credentials: "omit",
    cache: "no-store",
    ...(signal === undefined ? {} : { signal })
  })
  const raw = async () => (await fetch(url, init())).json()
  const callback = (withSignal: boolean) =>
    Effect.callback<unknown>((resume, signal) => {
      fetch(url, init(withSignal ? signal : undefined)).then((response) =>
        response.text().then((body) => resume(Effect.succeed(JSON.parse(body))))
      )
    })
  const variants: Record<string, () => Promise<unknown>> = {
    raw,
    rawSignal: async () => (await fetch(url, init(new AbortController().signal))).json(),
    effectPromise: () => Effect.runPromise(Effect.promise(raw)),
    effectCallback: () => Effect.runPromise(callback(false)),
    runtimeCallback: () => runtime.runPromise(callback(false)),
    runtimeCallbackSignal: () => runtime.runPromise(callback(true)),
    transport: () => internal.runPromise(Transport.use((t) => t.request(request))),
    transportDecode: () => internal.runPromise(Transport.use((t) => t.requestJsonIfSignedIn(request, ClientUser))),
    stackfx: () => runtime.runPromise(CurrentUser.use((me) => me.get))
  }
  const names = (process.argv[2] ?? Object.keys(variants).join(",")).split(",")
  const calls = Number(process.argv[3] ?? 2_500)
  for (const name of names) {
    if (variants[name] === undefined)
      throw new Error(`no variant ${name}; there are ${Object.keys(variants).join(", ")}`)
  }
  const samples = new Map<string, Array<number>>(names.map((name) => [name, []]))
  for (const name of names) for (let i = 0; i < 300; i++) await variants[name]!()
  // Every variant alternates with raw fetch and the others, the order rotating each round.
  for (let round = 0; round < calls; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!
      const started = performance.now()
      await variants[name]!()
      samples.get(name)!.push(performance.now() - started)
    }
  }
  const base = median(samples.get("raw") ?? [0])
  for (const name of names) {
    const m = median(samples.get(name)!)
    console.log(`${name.padEnd(22)} ${(m * 1000).toFixed(0).padStart(5)} µs  +${((m - base) * 1000).toFixed(0)}`)
  }
  await runtime.dispose()
} finally {
  await server.stop()
}
