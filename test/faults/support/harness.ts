/**
 * Shared pieces of the fault tests: a local backend, a fresh user per test, a client runtime aimed at a
 * fault proxy, and a watch for unhandled rejections.
 */
import * as Cause from "effect/Cause"
import type * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { randomUUID } from "node:crypto"
import { afterAll, assert, beforeAll } from "vitest"
import { startLocalBackend } from "../../../backend/src/index.js"
import { type CoreServices, layerCore } from "../../../src/layers/core.js"
import { CurrentUser } from "../../../src/services/generated/current-user.js"
import { noTokens, type StoredTokens, TokenStore } from "../../../src/services/session/token-store.js"
import { testBackendOptions } from "../../support/local-backend.js"
import { type FaultProxy, startFaultProxy } from "../../support/fault-proxy.js"
import type { FastClock } from "./fast-clock.js"

export type LocalBackend = Awaited<ReturnType<typeof startLocalBackend>>
export type Project = LocalBackend["project"]

/** A throwaway local backend on a free port with an in-memory database. */
export const startQuietBackend = (): Promise<LocalBackend> => startLocalBackend({ ...testBackendOptions, log: false })

export const PASSWORD = "correct-horse-battery-staple"

/** A unique address per call, so every test (and every property run) has its own user. */
export const uniqueEmail = (label: string): string => `${label}-${randomUUID()}@faults.test`

export interface SignedUp {
  readonly email: string
  readonly userId: string
  readonly tokens: StoredTokens
}

const clientHeaders = (project: Project): Record<string, string> => ({
  "content-type": "application/json",
  "x-stack-override-error-status": "true",
  "x-stack-project-id": project.id,
  "x-stack-access-type": "client",
  "x-stack-publishable-client-key": project.publishableClientKey
})

/** Server-tier headers (secret server key) for direct calls in setup and checks. */
export const serverHeaders = (project: Project): Record<string, string> => ({
  "content-type": "application/json",
  "x-stack-override-error-status": "true",
  "x-stack-project-id": project.id,
  "x-stack-access-type": "server",
  "x-stack-secret-server-key": project.secretServerKey
})

/** Signs a new user up straight against the backend (no proxy, no faults). */
export const signUpDirect = async (localBackend: LocalBackend, email = uniqueEmail("user")): Promise<SignedUp> => {
  const res = await fetch(`${localBackend.apiUrl}/auth/password/sign-up`, {
    method: "POST",
    headers: clientHeaders(localBackend.project),
    body: JSON.stringify({ email, password: PASSWORD })
  })
  const text = await res.text()
  if (res.status !== 200 || res.headers.get("x-stack-known-error") !== null) {
    throw new Error(`sign-up failed: ${res.status} ${text}`)
  }
  const body = JSON.parse(text) as { access_token: string; refresh_token: string; user_id: string }
  return { email, userId: body.user_id, tokens: { accessToken: body.access_token, refreshToken: body.refresh_token } }
}

export type ClientServices = CoreServices | CurrentUser

/** The client tier's core plus `CurrentUser`, aimed at `baseUrl` (the proxy), over a memory token store. */
export const clientLayer = (baseUrl: string, project: Project, tokens: StoredTokens = noTokens) =>
  CurrentUser.layer.pipe(
    Layer.provideMerge(
      layerCore(
        {
          projectId: project.id,
          accessType: "client",
          publishableClientKey: project.publishableClientKey,
          baseUrl,
          thirdPartyDiagnostics: false
        },
        TokenStore.memory(tokens)
      )
    )
  )

/** A client runtime whose calls all run on `clock`; dispose it when done. */
export interface ClientRuntime {
  readonly run: <A, E>(effect: Effect.Effect<A, E, ClientServices>) => Promise<Exit.Exit<A, E>>
  readonly dispose: () => Promise<void>
}

export const clientRuntime = (
  baseUrl: string,
  project: Project,
  clock: FastClock,
  tokens?: StoredTokens
): ClientRuntime => {
  const runtime = ManagedRuntime.make(clientLayer(baseUrl, project, tokens))
  return {
    run: (effect) => runtime.runPromiseExit(clock.provide(effect)),
    dispose: () => runtime.dispose()
  }
}

/** How a call ended, for assertions: a value, a typed error, or something that must never happen. */
export type Outcome<A, E> =
  | { readonly _tag: "Value"; readonly value: A }
  | { readonly _tag: "TypedError"; readonly error: E }
  | { readonly _tag: "Defect"; readonly message: string }

export const outcome = <A, E>(exit: Exit.Exit<A, E>): Outcome<A, E> => {
  if (Exit.isSuccess(exit)) return { _tag: "Value", value: exit.value }
  const cause = exit.cause
  if (!Cause.hasDies(cause) && !Cause.hasInterrupts(cause)) {
    const found = Cause.findErrorOption(cause)
    if (found._tag === "Some") return { _tag: "TypedError", error: found.value }
  }
  return { _tag: "Defect", message: Cause.pretty(cause) }
}

/** The `_tag` of a typed error (or "Value" / "Defect"), for compact assertions. */
export const outcomeTag = (o: Outcome<unknown, unknown>): string => {
  if (o._tag !== "TypedError") return o._tag
  const error = o.error
  return typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : "untagged"
}

/**
 * Collects unhandled rejections and uncaught exceptions while installed. Vitest reports them too, but
 * only after the file; this lets a test fail on the spot and say which case caused it.
 */
export const watchUnhandled = () => {
  const seen: Array<string> = []
  const onRejection = (reason: unknown) => void seen.push(`unhandledRejection: ${String(reason)}`)
  const onException = (error: unknown) => void seen.push(`uncaughtException: ${String(error)}`)
  process.on("unhandledRejection", onRejection)
  process.on("uncaughtException", onException)
  return {
    seen,
    stop: () => {
      process.off("unhandledRejection", onRejection)
      process.off("uncaughtException", onException)
    }
  }
}

/** What a fault test file talks to: the local backend, and the fault proxy in front of it. */
export interface FaultBackend {
  readonly localBackend: LocalBackend
  readonly proxy: FaultProxy
  /** Unhandled rejections and uncaught exceptions seen so far in this file. */
  readonly unhandledSeen: () => ReadonlyArray<unknown>
}

/**
 * Starts the local backend behind a fault proxy for one test file, and checks at the end that nothing in
 * the file left an unhandled rejection or uncaught exception.
 */
export const useFaultBackend = (): FaultBackend => {
  let unhandled: ReturnType<typeof watchUnhandled> | undefined
  let localBackend: LocalBackend | undefined
  let proxy: FaultProxy | undefined
  beforeAll(async () => {
    unhandled = watchUnhandled()
    localBackend = await startQuietBackend()
    proxy = await startFaultProxy(localBackend.url)
  })
  afterAll(async () => {
    await proxy?.close()
    await localBackend?.stop()
    unhandled?.stop()
    assert.deepStrictEqual(unhandled?.seen, [], "no unhandled rejection or uncaught exception")
  })
  const started = <A>(value: A | undefined): A => {
    if (value === undefined) throw new Error("the fault backend is not running (use it inside tests)")
    return value
  }
  return {
    get localBackend() {
      return started(localBackend)
    },
    get proxy() {
      return started(proxy)
    },
    unhandledSeen: () => unhandled?.seen ?? []
  }
}
