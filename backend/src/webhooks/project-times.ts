/**
 * Projects whose time is not the process's. A test's project under the testing kit lives on the test's clock
 * (a `TestClock` moves only when the test says so); the kit reports that time with each request of the
 * project (testing/control-server.ts). The dispatcher times a project's attempts and retries by it, so a test
 * that advances its clock by Svix's next interval makes the retry due, with no real wait. A normal start has no
 * such project: every project is on the process's clock.
 */
import * as Context from "effect/Context"

export interface ProjectTimesShape {
  /** Each project with a time of its own, and that time in milliseconds since the epoch. */
  readonly all: () => ReadonlyMap<string, number>
  /** Moves whenever a project's time is reported, so the dispatcher looks for due deliveries again. */
  readonly version: () => number
}

/** The store the testing kit reports to, and the dispatcher reads. */
export interface ProjectTimesStore extends ProjectTimesShape {
  readonly report: (projectId: string, millis: number) => void
  readonly forget: (projectId: string) => void
}

/** A store of reported project times (one per test backend). */
export const makeProjectTimes = (): ProjectTimesStore => {
  const times = new Map<string, number>()
  let version = 0
  return {
    all: () => times,
    version: () => version,
    report: (projectId, millis) => {
      // The test's clock is the truth, forwards or back; only a change wakes the dispatcher.
      if (times.get(projectId) === millis) return
      times.set(projectId, millis)
      version += 1
    },
    forget: (projectId) => void times.delete(projectId)
  }
}

const none: ProjectTimesShape = { all: () => new Map(), version: () => 0 }

/** The projects on a clock of their own: none unless the testing kit started the backend. */
export const ProjectTimes = Context.Reference<ProjectTimesShape>("stackfx-backend/ProjectTimes", {
  defaultValue: () => none
})
