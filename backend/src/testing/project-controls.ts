/**
 * What a test controls about its own project, kept in the worker that runs the test: the time its requests
 * see (the test's clock, read when a request passes the worker's proxy) and the faults they meet. Tests of
 * a worker may run side by side, so both are kept per project and the proxy picks them by the project a
 * request names.
 */
import type { ActiveFault } from "./faults.js"

export interface ProjectControls {
  /** The project's time now, in milliseconds (the test's clock). */
  readonly now: () => number
  /** The faults still to inject, first match first. */
  readonly faults: Array<ActiveFault>
}

const controls = new Map<string, ProjectControls>()

/** Puts a project under the test's control until the returned function is called. */
export const controlProject = (projectId: string, project: ProjectControls): (() => void) => {
  controls.set(projectId, project)
  return () => void controls.delete(projectId)
}

/** The controls of a project of this worker's tests, if any. */
export const controlsOf = (projectId: string): ProjectControls | undefined => controls.get(projectId)
