/**
 * Counts the apps on a page that prefetch their user and project at start. Each one sends its own
 * requests before anything is rendered, so many of them usually mean a provider is created per render or
 * per component by mistake; the product warns once more than ten apps prefetch.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"

/** Warn when more than this many auth apps prefetch at once. @internal */
export const MAX_PREFETCHING_APPS_BEFORE_WARNING = 10

/** Counts the apps of a page that prefetch the user, to warn when too many do. */
export interface PrefetchRegistry {
  /** Counts one more prefetching app until the scope closes; logs a warning past the threshold. */
  readonly register: Effect.Effect<void, never, Scope.Scope>
  readonly count: () => number
}

/** `makePrefetchRegistry()` for a test; the page shares {@link pagePrefetchRegistry}. */
export const makePrefetchRegistry = (threshold: number = MAX_PREFETCHING_APPS_BEFORE_WARNING): PrefetchRegistry => {
  let count = 0
  const register = Effect.acquireRelease(
    Effect.suspend(() => {
      count++
      return count > threshold
        ? Effect.logWarning(
            `${count} stackfx apps prefetch on this page (more than ${threshold}). Each sends its own requests at ` +
              "start; create the provider's Layer once, outside components, and share it."
          )
        : Effect.void
    }),
    () => Effect.sync(() => void count--)
  )
  return { register, count: () => count }
}

/** One per page, because the warning is about the page as a whole (every provider on it). */
export const pagePrefetchRegistry: PrefetchRegistry = makePrefetchRegistry()
