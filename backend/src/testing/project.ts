/**
 * An isolated project on the run's backend: created by one control call, put under the test's clock and
 * faults (kept in the worker, applied by its proxy), and deleted with everything in it when the test's
 * scope closes.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import type { AdminProjectConfigUpdate } from "stackfx"
// The schema under another name: the published declarations name the app's `stackfx`, never the sources.
import { AdminProjectConfigUpdate as ProjectConfigSchema } from "@stackfx/lib/domain/project.js"
import type { ActiveFault } from "./faults.js"
import { controlProject } from "./project-controls.js"
import { workerBackend } from "./worker-backend.js"

/** The project a test gets: its options are the project's config (sign-up methods, providers, teams, keys). */
export interface StackTestOptions extends AdminProjectConfigUpdate {
  /** The project's name (what e-mails say). Default "Test project". */
  readonly displayName?: string | undefined
}

/** A project of the test's own and its keys, on the backend at `baseUrl`. */
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

const encodeConfig = Schema.encodeUnknownEffect(ProjectConfigSchema)

/** The options as the control route takes them: the name, and the config in its wire form. */
export const projectRequest = (
  options: StackTestOptions
): Effect.Effect<{ readonly displayName: string; readonly config: unknown }> => {
  const { displayName, ...config } = options
  return encodeConfig(config).pipe(
    Effect.map((wire) => ({ displayName: displayName ?? "Test project", config: wire })),
    Effect.mapError((error) => new Error(`stackfx testing kit: bad project options (${error.message})`)),
    Effect.orDie
  )
}

/** Opens a project for the current scope on the run's backend; `now` is the time its requests see. */
export const openProject = (
  options: StackTestOptions,
  now: () => number
): Effect.Effect<OpenProject, never, Scope.Scope> =>
  Effect.gen(function* () {
    const backend = yield* workerBackend
    const opened = yield* backend.control.openProject(yield* projectRequest(options), now())
    const { projectId, ...keys } = opened
    const faults: Array<ActiveFault> = []
    const release = controlProject(projectId, { now, faults })
    yield* Effect.addFinalizer(() =>
      Effect.sync(release).pipe(
        Effect.andThen(backend.control.deleteProject(projectId)),
        // A project that cannot be deleted (the backend is stopping) is left to the memory database's end.
        Effect.ignoreCause
      )
    )
    return { baseUrl: backend.url, projectId, ...keys, options, faults }
  })
