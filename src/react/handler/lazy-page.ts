/**
 * A component behind a dynamic import, with a `preload` the router runs before it shows the page.
 *
 * Not TanStack's `lazyRouteComponent`: that one calls `use()` only while its import is pending, so the render
 * that resumes after the suspension calls it no more, which React's development build reports as an error
 * ("called use() to suspend in a previous render but did not call use() when it finished") on every page
 * hydrated before its chunk had arrived (a server-rendered handler page in development). Here every render
 * calls `use()` on the same promise; once the import has settled the promise carries its outcome as React reads
 * it (`status` and `value`), so `use()` returns at once and nothing suspends again.
 */
import { type ComponentType, createElement, type ReactNode, use } from "react"

/** A promise with the fields React's `use()` reads to return without suspending once it has settled. */
type Tracked<A> = Promise<A> & {
  status?: "pending" | "fulfilled" | "rejected"
  value?: A
  reason?: unknown
}

export interface LazyComponent<P> {
  (props: P): ReactNode
  /** Starts the import (once); settles when it has, whatever its outcome (the render reports a failure). */
  readonly preload: () => Promise<void>
}

/** `load`'s component, imported on first render or `preload`; a failed import is tried again on the next render. */
export const lazyComponent = <P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> => {
  let loading: Tracked<ComponentType<P>> | undefined
  const start = (): Tracked<ComponentType<P>> => {
    if (loading !== undefined) return loading
    const promise: Tracked<ComponentType<P>> = load()
    promise.status = "pending"
    promise.then(
      (component) => {
        promise.status = "fulfilled"
        promise.value = component
      },
      (reason: unknown) => {
        promise.status = "rejected"
        promise.reason = reason
        // The render that reads this failure shows it; the one after imports again.
        loading = undefined
      }
    )
    loading = promise
    return promise
  }
  const settled = (): Promise<ComponentType<P>> => start()
  const Lazy = (props: P): ReactNode => createElement(use(settled()), props)
  return Object.assign(Lazy, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined
      )
  })
}
