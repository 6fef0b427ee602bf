/**
 * An isolated project on the worker backend: created in-process (one transaction, no HTTP round trips),
 * put under the test's clock and faults, and deleted with everything in it when the test's scope closes.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type { AdminProjectConfigUpdate } from "stackfx"
import { createProject, freshKeys } from "../operations/projects/project-setup.js"
import { deleteProject } from "../store/projects/projects.js"
import type { ActiveFault } from "./faults.js"
import { controlProject, followingClock } from "./project-controls.js"
import { workerBackend } from "./worker-backend.js"

/** The project a test gets: its options are the project's config (sign-up methods, providers, teams, keys). */
export interface StackTestOptions extends AdminProjectConfigUpdate {
  /** The project's name (what e-mails say). Default "Test project". */
  readonly displayName?: string | undefined
}

/** A project of the test's own and its keys, on the worker backend at `baseUrl`. */
export interface TestProjectKeys {
  readonly baseUrl: string
  readonly projectId: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
}

/** The project with what the kit keeps about it: its options and the faults still to inject. */
export interface OpenProject extends TestProjectKeys {
  readonly options: StackTestOptions
  readonly faults: Array<ActiveFault>
}

// Before this, a clock is a TestClock still at its start (the epoch): see `testTime`.
const YEAR_2001 = 978_307_200_000

interface TestClockLike extends Clock.Clock {
  readonly setTime: (millis: number) => Effect.Effect<void>
}
const isTestClock = (clock: Clock.Clock): clock is TestClockLike =>
  "setTime" in clock && typeof (clock as { readonly setTime?: unknown }).setTime === "function"

/**
 * The time source of the project: the caller's clock. A TestClock still at the epoch is first set to the
 * wall time, so tokens, codes and mail carry real dates; from then on it moves only when the test says so.
 */
export const testTime: Effect.Effect<() => number> = Effect.gen(function* () {
  const clock = yield* Clock.clockWith(Effect.succeed)
  if (isTestClock(clock) && clock.currentTimeMillisUnsafe() < YEAR_2001) yield* clock.setTime(Date.now())
  return () => clock.currentTimeMillisUnsafe()
})

/** Opens a project for the current scope on the worker backend; `now` is the time its requests see. */
export const openProject = (
  options: StackTestOptions,
  now: () => number
): Effect.Effect<OpenProject, never, Scope.Scope> =>
  Effect.gen(function* () {
    const backend = yield* workerBackend
    const clock = followingClock(now)
    const { displayName, ...config } = options
    const keys = yield* freshKeys
    const created = yield* backend.db
      .transaction(
        createProject(backend.db, {
          displayName: displayName ?? "Test project",
          description: null,
          isProductionMode: false,
          config,
          keys
        })
      )
      .pipe(Effect.provideService(Clock.Clock, clock), Effect.orDie)
    const projectId = created.project.id
    const faults: Array<ActiveFault> = []
    const release = controlProject(projectId, { clock, faults })
    yield* Effect.addFinalizer(() =>
      Effect.sync(release).pipe(
        Effect.andThen(deleteProject(backend.db, projectId)),
        // A project that cannot be deleted (the backend is stopping) is left to the memory database's end.
        Effect.ignore
      )
    )
    return { baseUrl: backend.url, projectId, ...keys, options, faults }
  })
