/**
 * What every end-to-end file runs against: a local backend (memory database), the demo app built for it and
 * served by Vite's preview server, and one Chromium. The demo is opened as `http://localhost:<port>`, not
 * the IP address, because WebAuthn refuses IP addresses as relying-party ids.
 *
 * A production build rather than the dev server: the dev server transforms modules on
 * first request and, when a lazily loaded handler page brings a dependency its first scan missed,
 * re-optimizes and invalidates the open page. On a loaded machine or a clean clone (empty dependency
 * cache) that made steps time out; a build has nothing left to do once the page is served.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { build, type PreviewServer, preview } from "vite"
import { demoViteConfig } from "../../../../demo/vite.config.js"
import {
  type RunningLocalBackend,
  startLocalBackend,
  type StartLocalBackendOptions
} from "../../../../backend/src/index.js"
import { kitLocalBackend, testBackendOptions } from "../../../support/local-backend.js"
import { CHROMIUM_PATH } from "../../support/harness.js"

const here = dirname(fileURLToPath(import.meta.url))
export const repoRoot = resolve(here, "../../../..")
export const artifactsDir = join(repoRoot, "test-artifacts", "e2e")

export interface Stack {
  readonly localBackend: RunningLocalBackend
  readonly vite: PreviewServer
  /** The demo's origin, e.g. `http://localhost:41234`. */
  readonly appUrl: string
  readonly browser: Browser
  /** A new browser context (a new "person": own cookies and storage) on the demo's origin. */
  readonly newPerson: () => Promise<BrowserContext>
  /** Uncaught errors of every page opened so far; a test takes them with `splice(0)`. */
  readonly pageErrors: Array<string>
  readonly close: () => Promise<void>
}

// The demo is built once per worker with these stand-ins for its settings, and each stack serves a copy with
// its own backend's values written in: a build costs about two seconds of CPU, and nine files built it apiece.
const STAND_INS = {
  VITE_HEXCLAVE_API_URL: "stackfx-e2e-stand-in-api-url",
  VITE_HEXCLAVE_PROJECT_ID: "stackfx-e2e-stand-in-project-id",
  VITE_HEXCLAVE_PUBLISHABLE_CLIENT_KEY: "stackfx-e2e-stand-in-publishable-client-key"
} as const

let demoBuild: Promise<string> | undefined
const builtDemo = (): Promise<string> =>
  (demoBuild ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), "stackfx-e2e-demo-"))
    process.once("exit", () => rmSync(outDir, { recursive: true, force: true }))
    await build({
      ...demoViteConfig({ env: STAND_INS }),
      configFile: false,
      logLevel: "error",
      // Unminified, so a page error names the function it came from.
      build: { outDir, emptyOutDir: true, minify: false, reportCompressedSize: false }
    })
    return outDir
  })())

/** A copy of the built demo in `outDir` whose settings are `values` (each stand-in replaced in the JS and HTML). */
const demoFor = async (outDir: string, values: Record<keyof typeof STAND_INS, string>): Promise<void> => {
  const source = await builtDemo()
  cpSync(source, outDir, { recursive: true })
  for (const file of readdirSync(outDir, { recursive: true, encoding: "utf8" })) {
    if (!/\.(js|html)$/.test(file)) continue
    const path = join(outDir, file)
    const text = readFileSync(path, "utf8")
    const written = Object.entries(STAND_INS).reduce(
      // JSON-escaped without its quotes: each stand-in sits inside a string literal.
      (acc, [key, standIn]) =>
        acc.replaceAll(standIn, JSON.stringify(values[key as keyof typeof STAND_INS]).slice(1, -1)),
      text
    )
    if (written !== text) writeFileSync(path, written)
  }
}

/**
 * `backend`: options of the file's own local backend over the tests' defaults (e.g. a shorter access-token
 * lifetime), or `"shared"` for the kit's backend of the run, for a file that signs fresh addresses up on the
 * seeded demo project and changes nothing else of it (no PATCH of its config).
 */
export const startStack = async (name: string, backend: StartLocalBackendOptions | "shared" = {}): Promise<Stack> => {
  const localBackend =
    backend === "shared"
      ? await kitLocalBackend()
      : await startLocalBackend({ ...testBackendOptions, log: false, ...backend })
  // A folder of its own: files (and checkouts sharing node_modules) serve side by side.
  const outDir = mkdtempSync(join(tmpdir(), `stackfx-e2e-${name}-`))
  await demoFor(outDir, {
    VITE_HEXCLAVE_API_URL: localBackend.url,
    VITE_HEXCLAVE_PROJECT_ID: localBackend.demoProject.id,
    VITE_HEXCLAVE_PUBLISHABLE_CLIENT_KEY: localBackend.demoProject.publishableClientKey
  })
  const vite = await preview({
    ...demoViteConfig(),
    configFile: false,
    logLevel: "error",
    build: { outDir },
    preview: { port: 0, host: "127.0.0.1", strictPort: false }
  })
  const port = (vite.httpServer.address() as AddressInfo).port
  const appUrl = `http://localhost:${port}`
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
  })
  const pageErrors: Array<string> = []
  const newPerson = async () => {
    const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1024, height: 720 } })
    context.on("page", (page) => page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error.message}`)))
    return context
  }
  return {
    localBackend,
    vite,
    appUrl,
    browser,
    newPerson,
    pageErrors,
    close: async () => {
      await browser.close()
      await vite.close()
      await localBackend.stop()
      rmSync(outDir, { recursive: true, force: true })
    }
  }
}

/** Saves a screenshot of the page's header (where the user button lives), or the whole page. */
export const screenshot = async (page: Page, name: string, what: "header" | "page" = "header"): Promise<void> => {
  mkdirSync(artifactsDir, { recursive: true })
  const path = join(artifactsDir, `${name}.png`)
  if (what === "page") await page.screenshot({ path, fullPage: true })
  else await page.locator(".demo-header").screenshot({ path })
}

let counter = 0
/** A fresh address whose local part (the mailbox name) is unique within the run. */
export const freshEmail = (who: string): string => `${who}-${Date.now().toString(36)}-${++counter}@example.com`

/**
 * Opens the newest message whose subject matches in the local mailbox UI and answers the first link of
 * its text part that carries a `code`.
 */
export const openEmailLink = async (
  page: Page,
  stack: Pick<Stack, "localBackend">,
  email: string,
  subject: RegExp
): Promise<string> => {
  const mailbox = email.slice(0, email.indexOf("@")).toLowerCase()
  const inbox = `${stack.localBackend.url}/mailbox/inbox/${encodeURIComponent(mailbox)}`
  const deadline = Date.now() + 15_000
  await page.goto(inbox)
  while ((await page.getByRole("link", { name: subject }).count()) === 0) {
    if (Date.now() > deadline) throw new Error(`no email matching ${subject} for ${email}`)
    await page.waitForTimeout(250)
    await page.goto(inbox)
  }
  await page.getByRole("link", { name: subject }).last().click()
  const text = await page.locator("pre").innerText()
  const link = /https?:\/\/[^\s"<>()]+[?&]code=[\w-]+/.exec(text)?.[0]
  if (link === undefined) throw new Error(`no code link in the email:\n${text}`)
  return link
}
