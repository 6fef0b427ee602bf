/**
 * A local backend whose clock the test moves: the same layer `startLocalBackend` builds, given the testing
 * kit's clock over the real time plus an offset (a whole backend of its own, for tests of the backend's
 * time-dependent routes; an app's tests use the kit's project clock instead). A test that needs a token to expire moves the backend's time past it instead
 * of waiting real seconds.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Scope from "effect/Scope"
import * as Context from "effect/Context"
import { LocalBackend, type LocalBackendOptions, type LocalBackendShape, layer } from "../../backend/src/server.js"
import { followingClock } from "../../backend/src/testing/project-clock.js"
import { testBackendOptions } from "./local-backend.js"

export interface ShiftedLocalBackend extends LocalBackendShape {
  /** Moves the backend's clock forward by `ms` (it never goes back). */
  readonly advance: (ms: number) => void
  /** The backend's time now, in milliseconds. */
  readonly now: () => number
  readonly stop: () => Promise<void>
}

export const startShiftedLocalBackend = async (options: LocalBackendOptions = {}): Promise<ShiftedLocalBackend> => {
  let offsetMs = 0
  const millis = () => Date.now() + offsetMs
  // The testing kit's clock (backend/src/testing): the time it is given, real sleeps.
  const shifted = followingClock(millis)
  const scope = Effect.runSync(Scope.make())
  const built = await Effect.runPromise(
    Layer.buildWithScope(
      layer({ ...testBackendOptions, ...options }).pipe(
        Layer.provide(Logger.layer([])),
        Layer.provide(Layer.succeed(Clock.Clock, shifted))
      ),
      scope
    )
  )
  const localBackend = Context.get(built, LocalBackend)
  return {
    ...localBackend,
    advance: (ms) => void (offsetMs += ms),
    now: millis,
    stop: () => Effect.runPromise(Scope.close(scope, Exit.void))
  }
}
