/**
 * `useStackPageData(Route.useLoaderData())`: the answers the server loaded for a page (`StackPageData`, from
 * `context.stack.handlerPageData(route)` or `context.stack.prefetch(queries)` in the route's loader) put into
 * the provider's cache before the page's readers render, on the server and at hydration, so that neither asks
 * for them. On a client navigation the loader brings them in one request instead of one per reader.
 */
import { useRef } from "react"
import { useStackApp } from "../provider.js"
import type { QueryCache } from "../cache.js"
import { seedPageData } from "./first-render.js"
import type { StackPageData } from "./snapshot.js"

/**
 * Seeds the nearest `StackStartProvider`'s cache with `data`, once per answer, during this render (the
 * page's readers are its children). A key already cached keeps its entry; `undefined` seeds nothing.
 */
export function useStackPageData(data: StackPageData | undefined): void {
  const app = useStackApp<QueryCache>()
  const seeded = useRef<{ readonly data: StackPageData; readonly runtime: unknown } | undefined>(undefined)
  if (data === undefined) return
  if (seeded.current?.data === data && seeded.current.runtime === app.runtime) return
  app.runtime.runSync(seedPageData(data))
  seeded.current = { data, runtime: app.runtime }
}
