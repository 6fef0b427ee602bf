/**
 * What a page of the Start example does while it loads and hydrates: the data requests it makes (fetches:
 * the API, server functions; not its scripts) and how far its layout shifts. Hydration is over when every
 * element `hydrated` selects belongs to React (a hydrated node carries React's fiber); a load that a render
 * needs starts during that render, so by then every request hydration makes has been sent.
 */
import type { Page } from "playwright-core"

/** Counts layout shifts from the page's first paint on: call once per page, before the first `goto`. */
export const observeLayoutShift = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    const shifts = { total: 0 }
    Object.assign(window, { __layoutShift: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.total += (entry as unknown as { value: number }).value
    }).observe({ type: "layout-shift", buffered: true })
  })
}

export interface Hydrated {
  /** `METHOD url` of every fetch or XHR the page made from navigation until it was hydrated and idle. */
  readonly requests: ReadonlyArray<string>
  /** The page's cumulative layout shift. */
  readonly layoutShift: number
}

/** Opens `path` and waits until the elements `hydrated` selects are hydrated and the network is idle. */
export const loadAndHydrate = async (page: Page, path: string, hydrated: string): Promise<Hydrated> => {
  const requests: Array<string> = []
  const record = (request: { resourceType(): string; method(): string; url(): string }) => {
    const type = request.resourceType()
    if (type === "fetch" || type === "xhr") requests.push(`${request.method()} ${request.url()}`)
  }
  page.on("request", record)
  try {
    await page.goto(path)
    await page.waitForFunction((selector) => {
      const nodes = [...document.querySelectorAll(selector)]
      return nodes.length > 0 && nodes.every((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$")))
    }, hydrated)
    await page.waitForLoadState("networkidle")
  } finally {
    page.off("request", record)
  }
  const layoutShift = await page.evaluate(
    () => (window as unknown as { __layoutShift?: { total: number } }).__layoutShift?.total ?? 0
  )
  return { requests, layoutShift }
}
