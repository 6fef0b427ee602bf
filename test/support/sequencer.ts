/**
 * The order of a run's files when vitest has no durations of an earlier run (a fresh clone, CI): its fallback,
 * larger files first, would start the slowest files (the packaging test, the browser files) late, and a run
 * then ends on one worker still busy with them. Files of a known slow kind go first, by kind; with durations
 * at hand vitest's own order (slowest first) stands.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node"

/** Slow kinds of file, slowest first: a path's first matching prefix is its rank. */
const slowFirst = ["test/packaging/", "test/browser/e2e/", "test/browser/", "test/compat/", "test/examples/"]

const rankOf = (spec: TestSpecification): number => {
  const path = spec.moduleId.slice(spec.project.config.root.length + 1)
  const rank = slowFirst.findIndex((prefix) => path.startsWith(prefix))
  return rank === -1 ? slowFirst.length : rank
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: Array<TestSpecification>): Promise<Array<TestSpecification>> {
    const sorted = await super.sort(files)
    const known = sorted.every((spec) => this.ctx.cache.getTestSpecificationResult(spec) !== undefined)
    if (known) return sorted
    // Stable: within a rank (and between projects, which run in the base order's groups) the base order holds.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) =>
        a.spec.project.name === b.spec.project.name
          ? rankOf(a.spec) - rankOf(b.spec) || a.index - b.index
          : a.index - b.index
      )
      .map(({ spec }) => spec)
  }
}
