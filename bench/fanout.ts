/**
 * Benchmark 3: hook fan-out. A page with 50 components calling `useUser()` is loaded cold (with the
 * session already in its cookies) in headless Chromium; the figure is the number of `GET /users/me`
 * requests that reach the local backend through the counting proxy, which also serves the page so page
 * and API share one origin.
 *
 * The same is measured for `@stackframe/react` (signed in first with `signInWithCredential` on a separate
 * load of its page, since its cookies are its own format; the counter is reset before the cold load).
 */
import * as esbuild from "esbuild"
import { join } from "node:path"
import { type Browser, chromium } from "playwright-core"
import { accessCookieName, refreshCookieName } from "../src/services/session/token-store-cookie.js"
import type { CountingProxy } from "./proxy.js"
import { project, root, sleep, uniqueEmail, within } from "./util.js"
import { signUp } from "./wire.js"

export const CHROMIUM_PATH = process.env["STACKFX_CHROMIUM"] ?? "/usr/bin/chromium"
export const USERS_ME_KEY = "GET /api/v1/users/me"

const html = (script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>stackfx bench</title></head>` +
  `<body><div id="root"></div><script type="module" src="${script}"></script></body></html>`

const bundlePage = async (entry: string): Promise<string> => {
  const result = await esbuild.build({
    entryPoints: [join(root, "bench/pages", entry)],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    write: false,
    define: {
      "process.env.NODE_ENV": '"production"',
      BENCH_PROJECT_ID: JSON.stringify(project.id),
      BENCH_PUBLISHABLE_CLIENT_KEY: JSON.stringify(project.publishableClientKey)
    },
    logLevel: "silent"
  })
  const file = result.outputFiles[0]
  if (file === undefined) throw new Error(`esbuild produced nothing for ${entry}`)
  return file.text
}

export interface FanoutResult {
  readonly components: number
  /** `GET /users/me` requests that reached the backend. */
  readonly userRequests: number
  /** Every API request of the cold load, by `METHOD /path`. */
  readonly requests: Readonly<Record<string, number>>
  readonly pageErrors: ReadonlyArray<string>
}

const READERS_READY = (n: number) =>
  `document.querySelectorAll(".reader[data-user]:not([data-user=none])").length === ${n}`

const coldLoad = async (
  browser: Browser,
  proxy: CountingProxy,
  path: string,
  n: number,
  cookies: ReadonlyArray<{ name: string; value: string }>,
  signIn?: string
): Promise<FanoutResult> => {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const pageErrors: Array<string> = []
    page.on("pageerror", (error) => pageErrors.push(error.message))
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text())
    })
    if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url: proxy.url })))
    if (signIn !== undefined) {
      await page.goto(`${proxy.url}${signIn}`)
      await page.waitForFunction("window.benchSignedIn !== undefined", undefined, { timeout: 15_000 })
      const status = await page.evaluate("window.benchSignedIn")
      if (status !== "ok") throw new Error(`sign-in on the official page answered ${String(status)}`)
      await sleep(1_000) // whatever the SDK does after sign-in is not part of the cold load
    }
    proxy.reset()
    await page.goto(`${proxy.url}${path}`)
    await page.waitForFunction(READERS_READY(n), undefined, { timeout: 20_000 })
    // Late requests (a second render wave, a refetch) would arrive within this pause.
    await sleep(1_000)
    const requests = proxy.counts()
    return { components: n, userRequests: requests[USERS_ME_KEY] ?? 0, requests, pageErrors }
  } finally {
    await context.close()
  }
}

export interface FanoutResults {
  readonly oneBoundary: FanoutResult
  readonly boundaryEach: FanoutResult
  readonly official: FanoutResult | { readonly error: string }
}

export const runFanout = async (proxy: CountingProxy, n = 50): Promise<FanoutResults> => {
  const [stackfxScript, officialScript] = await Promise.all([
    bundlePage("fanout.tsx"),
    bundlePage("official-fanout.tsx")
  ])
  proxy.serve("/fanout.js", { contentType: "text/javascript; charset=utf-8", body: stackfxScript })
  proxy.serve("/fanout", { contentType: "text/html; charset=utf-8", body: html("/fanout.js") })
  proxy.serve("/official.js", { contentType: "text/javascript; charset=utf-8", body: officialScript })
  proxy.serve("/official", { contentType: "text/html; charset=utf-8", body: html("/official.js") })

  const password = "benchmark-password"
  const email = uniqueEmail("fanout")
  const user = await signUp(proxy.url, email, password)
  const cookies = [
    { name: accessCookieName(project.id), value: user.accessToken },
    { name: refreshCookieName(project.id), value: user.refreshToken }
  ]
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
  })
  try {
    const oneBoundary = await within(
      40_000,
      "fan-out, one boundary",
      coldLoad(browser, proxy, `/fanout?n=${n}&mode=one`, n, cookies)
    )
    const boundaryEach = await within(
      40_000,
      "fan-out, a boundary each",
      coldLoad(browser, proxy, `/fanout?n=${n}&mode=each`, n, cookies)
    )
    const query = new URLSearchParams({ signin: "1", email, password }).toString()
    const official = await within(
      60_000,
      "fan-out, @stackframe/react",
      coldLoad(browser, proxy, `/official?n=${n}`, n, [], `/official?${query}`)
    ).catch((error: unknown) => ({ error: String(error).slice(0, 300) }))
    return { oneBoundary, boundaryEach, official }
  } finally {
    await browser.close()
  }
}
