/**
 * The stackfx side of the per-call figure (overhead.ts): a client tier over a memory token store holding a
 * signed-in session, and the call the figure times, `runtime.runPromise(CurrentUser.get)`. The benchmark
 * runs this module as users run the package, built (see built-client.ts), not through the TypeScript
 * loader the benchmarks themselves run under.
 */
import * as ManagedRuntime from "effect/ManagedRuntime"
import { clientTier } from "../src/layers/client.js"
import { Session } from "../src/services/session/session.js"
import { CurrentUser } from "../src/services/generated/current-user.js"

export interface PerCallClientOptions {
  readonly projectId: string
  readonly publishableClientKey: string
  readonly baseUrl: string
  readonly tokens: { readonly accessToken: string; readonly refreshToken: string }
}

export interface PerCallClient {
  /** One read of the signed-in user. */
  readonly getUser: () => Promise<unknown>
  readonly dispose: () => Promise<void>
}

export const makePerCallClient = async (options: PerCallClientOptions): Promise<PerCallClient> => {
  const runtime = ManagedRuntime.make(
    clientTier({
      projectId: options.projectId,
      publishableClientKey: options.publishableClientKey,
      baseUrl: options.baseUrl,
      tokenStore: "memory"
    })
  )
  await runtime.runPromise(Session.use((session) => session.setTokens(options.tokens)))
  const getUser = CurrentUser.use((me) => me.get)
  return { getUser: () => runtime.runPromise(getUser), dispose: () => runtime.dispose() }
}
