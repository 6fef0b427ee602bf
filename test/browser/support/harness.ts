/**
 * Browser test harness: bundles a test page with esbuild, serves it from a local node:http server and
 * drives Debian's Chromium with playwright-core. One browser per test file keeps the files fast; each
 * test opens its own page (or context, for a second "person").
 */
import * as esbuild from "esbuild"
import { existsSync, mkdirSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { type Browser, chromium, type Page } from "playwright-core"

const here = dirname(fileURLToPath(import.meta.url))
export const repoRoot = resolve(here, "../../..")
export const artifactsDir = join(repoRoot, "test-artifacts")

/**
 * The Chromium the browser tests drive: `STACKFX_CHROMIUM` names another binary; by default Debian's headless
 * shell (package `chromium-headless-shell`, the same Chromium without the desktop browser around it) when it is
 * installed, else Debian's `chromium`. On one file of the end-to-end tests the shell took 13 s of CPU in its
 * browser process where the full browser's headless mode took 45 s (86 s against 110 s for the whole run).
 */
export const CHROMIUM_PATH =
  process.env["STACKFX_CHROMIUM"] ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium")

export interface Harness {
  readonly baseUrl: string
  readonly browser: Browser
  /** A fresh page (in its own context unless one is given) with console errors collected. */
  readonly newPage: (options?: { readonly context?: Awaited<ReturnType<Browser["newContext"]>> }) => Promise<TestPage>
  readonly close: () => Promise<void>
}

export interface TestPage {
  readonly page: Page
  /** Uncaught errors and `console.error` lines of the page. */
  readonly errors: Array<string>
}

/** Bundles `entry` (a .tsx page) for the browser. */
export const bundle = async (entry: string): Promise<string> => {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    write: false,
    // No inline source map: it tripled the bundle (12 MB) that every document navigation loads.
    define: { "process.env.NODE_ENV": '"development"' },
    logLevel: "silent"
  })
  const file = result.outputFiles[0]
  if (file === undefined) throw new Error(`esbuild produced nothing for ${entry}`)
  return file.text
}

const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>stackfx test page</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #fafafa; }
  #stage { box-sizing: border-box; width: 420px; min-height: 340px; padding: 24px; display: flex; justify-content: flex-end;
    align-items: flex-start; background: #fff; }
</style></head>
<body><div id="stage"></div><script type="module" src="/app.js"></script></body>
</html>`

/**
 * The HTML shell of an app with no stylesheet of its own (the browser's defaults: serif font, 8px margin),
 * with an empty `#stage` for the page to render into.
 */
export const BARE_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>stackfx bare page</title></head>
<body><div id="stage"></div><script type="module" src="/app.js"></script></body>
</html>`

/** Serves the bundled page: `/app.js` is the bundle, every other path the same HTML shell. */
const serve = (script: string, shell: string): Promise<Server> =>
  new Promise((resolveServer) => {
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://localhost").pathname
      if (path === "/app.js") {
        // Cached: a file's bundle never changes while its server runs (each file has its own port, so its own
        // origin), and Chromium then compiles it once instead of on every document navigation.
        res.writeHead(200, {
          "content-type": "text/javascript; charset=utf-8",
          "cache-control": "max-age=3600, immutable"
        })
        res.end(script)
      } else if (path === "/favicon.ico") {
        res.writeHead(204).end()
      } else {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
        res.end(shell)
      }
    })
    server.listen(0, "127.0.0.1", () => resolveServer(server))
  })

/** `options.html`: the page's HTML shell (default: a stage with a little stylesheet of its own). */
export const startHarness = async (entry: string, options: { readonly html?: string } = {}): Promise<Harness> => {
  const script = await bundle(entry)
  const server = await serve(script, options.html ?? html)
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
  })
  const newPage: Harness["newPage"] = async (options = {}) => {
    const context = options.context ?? (await browser.newContext({ viewport: { width: 640, height: 480 } }))
    const page = await context.newPage()
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text())
    })
    return { page, errors }
  }
  return {
    baseUrl,
    browser,
    newPage,
    close: async () => {
      await browser.close()
      server.closeAllConnections()
      await new Promise<void>((done) => server.close(() => done()))
    }
  }
}

/** Saves a screenshot of `#stage` under test-artifacts/<group>/<name>.png. */
export const screenshot = async (page: Page, group: string, name: string): Promise<string> => {
  const dir = join(artifactsDir, group)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, `${name}.png`)
  await page.locator("#stage").screenshot({ path })
  return path
}
