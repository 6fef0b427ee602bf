/**
 * The packages as a user gets them: packs `stackfx` and `stackfx-backend` (their `prepack` builds), lints the
 * tarballs (publint, arethetypeswrong), installs them into a fresh Vite + React app and a fresh Node script in a
 * temporary folder, type-checks both under `strict` (the app with `skipLibCheck: false`: every code block of
 * the README and every entry's declarations whole), builds the app, and runs the script against a local backend started from the packed backend.
 *
 * It follows the README as a newcomer does: the packages each app gets are those its "Install" lines name (the
 * browser app every line but the local backend's, the Node script the lines naming stackfx or its backend),
 * nothing more; the backend is started as the quick start says (`stackfx dev`, in the script's folder, where
 * it keeps its data), the environment lines it prints become the script's `.env`, and the quick start's
 * snippets run as written (client, then server and admin with `node --env-file=.env`), the React one built
 * and opened in Chromium. Only the backend's port is the one it was given (0: any free one). The app also has
 * the packed backend and vitest as an app's tests would (left out when its growth is measured) and runs one test
 * written with the testing kit (`stackfx-backend/testing`), its body type-checked with the README's examples.
 * Each folder is installed once, as its package.json reads after the README's lines (what stackfx adds to the app
 * is read from its lockfile).
 *
 * Installs come from npm's cache (`--prefer-offline`): the versions are the repository's own, which `npm ci`
 * has just fetched.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, assert, beforeAll, describe, it } from "vitest"
import { chromium } from "playwright-core"
import { CHROMIUM_PATH } from "../browser/support/harness.js"
import { installLines, readmeBlocks, readmeSection } from "./readme-blocks.js"
import { childEnv, run, waitForLine } from "./run.js"
import { serveStatic } from "./serve-static.js"
import { startCountingProxy } from "../../bench/proxy.js"
import { DEMO_PROJECT_KEYS } from "../../src/domain/local-keys.js"
import { tokenSetCookies } from "../../src/services/session/token-store-cookie.js"

const repo = new URL("../../", import.meta.url).pathname
const rootManifest = JSON.parse(await readFile(join(repo, "package.json"), "utf8")) as {
  readonly devDependencies: Record<string, string>
}
const versionOf = (name: string): string => {
  const version = rootManifest.devDependencies[name]
  if (version === undefined) throw new Error(`${name} is not a devDependency of the repository`)
  return version
}
const pick = (...names: ReadonlyArray<string>) => Object.fromEntries(names.map((name) => [name, versionOf(name)]))

const readme = await readFile(join(repo, "README.md"), "utf8")
/** The packages the README's "Install" lines name, split for one app: the packed ones come from their tarballs. */
const packed = new Set(["stackfx", "stackfx-backend"])
const readmeInstall = installLines(readmeSection(readme, "## Install"))
const appLines = readmeInstall.filter((line) => !line.packages.includes("stackfx-backend"))
const scriptLines = readmeInstall.filter((line) => line.packages.some((name) => packed.has(name)))
const dependenciesOf = (lines: typeof readmeInstall, dev: boolean) =>
  pick(...lines.filter((line) => line.dev === dev).flatMap((line) => line.packages.filter((name) => !packed.has(name))))
/** Where `lines` put `name` in a package.json: `devDependencies` for a -D line; throws when none names it. */
const placeOf = (lines: typeof readmeInstall, name: string): "dependencies" | "devDependencies" => {
  const line = lines.find((l) => l.packages.includes(name))
  if (line === undefined) throw new Error(`the README's install lines do not name ${name}`)
  return line.dev ? "devDependencies" : "dependencies"
}

/** The quick start's snippets, told apart by what they call. */
const quickStart = readmeBlocks(readmeSection(readme, "## Quick start"))
const snippet = (what: string, calls: RegExp) => {
  const found = quickStart.filter((block) => calls.test(block.code))
  if (found.length !== 1) throw new Error(`the quick start has ${found.length} ${what} snippets`)
  return found[0]?.code ?? ""
}
/** The address the README's snippets name; the test's backend runs on a port of its own. */
const readmeBackendUrl = "http://127.0.0.1:8102"
const bin = (name: string) => join(repo, "node_modules", ".bin", name)
const install = (dir: string, ...args: ReadonlyArray<string>) =>
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...args], { cwd: dir })

/** Every installed package (path, name) under `dir`'s node_modules, nested ones included. */
const installedPackages = async (
  dir: string
): Promise<ReadonlyArray<{ readonly path: string; readonly name: string }>> => {
  const found: Array<{ path: string; name: string }> = []
  const walk = async (modules: string): Promise<void> => {
    const entries = await readdir(modules, { withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith(".")) continue
      const path = join(modules, entry.name)
      if (entry.name.startsWith("@")) {
        await walk(path)
        continue
      }
      const manifest = await readFile(join(path, "package.json"), "utf8").catch(() => undefined)
      if (manifest === undefined) continue
      found.push({ path, name: (JSON.parse(manifest) as { name: string }).name })
      await walk(join(path, "node_modules"))
    }
  }
  await walk(join(dir, "node_modules"))
  return found
}

interface LockEntry {
  readonly dependencies?: Record<string, string>
  readonly devDependencies?: Record<string, string>
  readonly optionalDependencies?: Record<string, string>
  readonly peerDependencies?: Record<string, string>
}

/**
 * The packages (their paths below `dir`, as npm's lockfile names them) that the root's dependencies `from` reach,
 * following each package's dependencies as Node resolves them: the package's own node_modules first, then each
 * folder above it. A dependency npm did not install (an optional one for another platform) is not followed.
 */
const reachedFrom = async (dir: string, from: ReadonlyArray<string>): Promise<ReadonlySet<string>> => {
  const lock = JSON.parse(await readFile(join(dir, "package-lock.json"), "utf8")) as {
    readonly packages: Record<string, LockEntry>
  }
  const resolve = (at: string, name: string): string | undefined => {
    for (let base = at; ; base = base.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, "")) {
      const candidate = `${base === "" ? "" : `${base}/`}node_modules/${name}`
      if (lock.packages[candidate] !== undefined) return candidate
      if (base === "") return undefined
    }
  }
  const reached = new Set<string>()
  const visit = (path: string | undefined): void => {
    if (path === undefined || reached.has(path)) return
    reached.add(path)
    const entry = lock.packages[path] ?? {}
    for (const names of [entry.dependencies, entry.optionalDependencies, entry.peerDependencies])
      for (const name of Object.keys(names ?? {})) visit(resolve(path, name))
  }
  for (const name of from) visit(resolve("", name))
  return reached
}

/**
 * The bytes of the files under `path` (what a package weighs, whatever the file system's block size), leaving out
 * the folder named `skip` at its top (a package's own node_modules: the packages there are counted each by itself).
 */
const bytesUnder = async (path: string, skip?: string): Promise<number> => {
  const info = await stat(path)
  if (!info.isDirectory()) return info.size
  let total = 0
  for (const entry of await readdir(path)) if (entry !== skip) total += await bytesUnder(join(path, entry))
  return total
}

const strictTsconfig = (include: ReadonlyArray<string>, extra: Record<string, unknown>) =>
  JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2023", "DOM", "DOM.Iterable"],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        isolatedModules: true,
        verbatimModuleSyntax: true,
        ...extra
      },
      include
    },
    null,
    2
  )

/** The six entries of stackfx: their source under src/ and a consumer line that imports all of each. */
const publishedEntries = [
  { source: "index", consumer: `export * as Root from "stackfx"` },
  { source: "server/index", consumer: `export * as Server from "stackfx/server"` },
  { source: "react/index", consumer: `export * as React from "stackfx/react"` },
  { source: "react/handler/index", consumer: `export * as Handler from "stackfx/react/handler"` },
  { source: "react/start/index", consumer: `export * as Start from "stackfx/react-start"` },
  { source: "react/start/server", consumer: `export * as StartServer from "stackfx/react-start/server"` }
]

/**
 * The app's one test written with the testing kit: its body (src/kit-sign-in.ts) is type-checked with the
 * README's examples, against the kit's declarations and nothing of vitest's (whose own, checked without
 * skipLibCheck, would double that step); kit/sign-in.test.ts runs it with @effect/vitest.
 */
const kitBody = [
  `import * as Effect from "effect/Effect"`,
  `import * as Exit from "effect/Exit"`,
  `import { CurrentUser } from "stackfx"`,
  `import { Fault, StackTest } from "stackfx-backend/testing"`,
  `// The provider's declarations too (the app has react; the arbitraries' fast-check it has not).`,
  `export { StackTestProvider } from "stackfx-backend/testing/react"`,
  ``,
  `export const kitLayer = StackTest.layer()`,
  `export const signInThenFault = Effect.gen(function* () {`,
  `  const stack = yield* StackTest`,
  `  const { user, client } = yield* stack.signedIn({ displayName: "Ada" })`,
  `  const me = yield* CurrentUser.use((current) => current.get).pipe(Effect.provide(client))`,
  `  yield* stack.fault("GET /users/me", Fault.serverError(503), { times: "always" })`,
  `  const refused = yield* Effect.exit(CurrentUser.use((current) => current.get).pipe(Effect.provide(client)))`,
  `  return { signedInAsFixture: me?.id === user.id, refusedUnderFault: Exit.isFailure(refused) }`,
  `})`
].join("\n")
const kitTest = [
  `import { assert, it } from "@effect/vitest"`,
  `import * as Effect from "effect/Effect"`,
  `import { kitLayer, signInThenFault } from "../src/kit-sign-in.ts"`,
  ``,
  `it.layer(kitLayer)((it) => {`,
  `  it.effect("signs a fixture user in, then meets an injected 503", () =>`,
  `    Effect.map(signInThenFault, (seen) =>`,
  `      assert.deepStrictEqual(seen, { signedInAsFixture: true, refusedUnderFault: true })))`,
  `})`
].join("\n")

let work = ""
let stackfxTarball = ""
let backendTarball = ""
const appDir = () => join(work, "app")
/** The TanStack Start app: the example's files in a folder of the app (its node_modules). */
const startDir = () => join(appDir(), "start")
const scriptDir = () => join(work, "script")
/** The packed backend, started as the quick start says, in the script's folder. */
let backend: ChildProcess | undefined
let backendUrl = ""
let backendOutput = ""

describe("the packed packages", () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "stackfx-packed-"))
    const packs = join(work, "packs")
    await mkdir(packs)
    // Each package builds its own folder (dist/, backend/dist/): the two packs can run side by side.
    await Promise.all([
      run("npm", ["pack", "--loglevel=error", "--pack-destination", packs], { cwd: repo }),
      run("npm", ["pack", "--loglevel=error", "--pack-destination", packs], { cwd: join(repo, "backend") })
    ])
    const tarballs = await readdir(packs)
    const named = (prefix: RegExp) => {
      const file = tarballs.find((name) => prefix.test(name))
      if (file === undefined) throw new Error(`no tarball matching ${prefix} in ${tarballs.join(", ")}`)
      return join(packs, file)
    }
    stackfxTarball = named(/^stackfx-\d/)
    backendTarball = named(/^stackfx-backend-\d/)

    await mkdir(join(appDir(), "src"), { recursive: true })
    // A fresh Vite app with what the README's install lines add, as its package.json reads after them, and the
    // app's tests: the packed backend (its testing kit) and vitest. TanStack Start for the Start app built from the
    // same folder (examples/react-start's sources). One install: which packages stackfx adds is read from the
    // lockfile (the test "add at most 10 packages ...").
    const appManifest: Record<"dependencies" | "devDependencies", Record<string, string>> = {
      dependencies: { ...dependenciesOf(appLines, false), ...pick("@tanstack/react-start") },
      devDependencies: {
        ...pick("vite", "@vitejs/plugin-react", "typescript", "@types/node", "vitest", "@effect/vitest"),
        ...dependenciesOf(appLines, true),
        "stackfx-backend": `file:${backendTarball}`
      }
    }
    appManifest[placeOf(appLines, "stackfx")] = {
      ...appManifest[placeOf(appLines, "stackfx")],
      stackfx: `file:${stackfxTarball}`
    }
    await writeFile(
      join(appDir(), "package.json"),
      JSON.stringify({ name: "fresh-app", private: true, type: "module", ...appManifest }, null, 2)
    )
    await mkdir(scriptDir(), { recursive: true })
    const scriptManifest: Record<"dependencies" | "devDependencies", Record<string, string>> = {
      dependencies: dependenciesOf(scriptLines, false),
      devDependencies: { ...pick("typescript", "@types/node"), ...dependenciesOf(scriptLines, true) }
    }
    for (const [name, tarball] of [
      ["stackfx", stackfxTarball],
      ["stackfx-backend", backendTarball]
    ] as const) {
      const place = placeOf(scriptLines, name)
      scriptManifest[place] = { ...scriptManifest[place], [name]: `file:${tarball}` }
    }
    await writeFile(
      join(scriptDir(), "package.json"),
      JSON.stringify({ name: "fresh-script", private: true, type: "module", ...scriptManifest }, null, 2)
    )
    await Promise.all([install(appDir()), install(scriptDir())])

    // `npx stackfx dev`, as the quick start says (on a free port): its data lands in the script's folder.
    backend = spawn(
      process.execPath,
      [join(scriptDir(), "node_modules", "stackfx-backend", "bin", "stackfx.js"), "dev", "--port", "0"],
      { cwd: scriptDir(), env: childEnv(), stdio: ["ignore", "pipe", "pipe"] }
    )
    backend.stdout?.on("data", (chunk: Buffer) => {
      backendOutput += chunk.toString()
    })
    await waitForLine(backend, /Press Ctrl-C/, 60_000)
    backendUrl = /ready at (http:\/\/\S+)/.exec(backendOutput)?.[1] ?? ""
  }, 300_000)

  afterAll(async () => {
    backend?.kill("SIGTERM")
    if (work !== "") await rm(work, { recursive: true, force: true })
  })

  it("pass publint and arethetypeswrong (ES modules only)", async () => {
    for (const tarball of [stackfxTarball, backendTarball]) {
      await run(bin("publint"), ["--strict", tarball], { cwd: work })
      await run(bin("attw"), ["--profile", "esm-only", "--format", "ascii", tarball], { cwd: work })
    }
  }, 120_000)

  it("hold dist, the README, the CHANGELOG and the LICENSE, and nothing of tests, bench, demo or sources", async () => {
    for (const tarball of [stackfxTarball, backendTarball]) {
      const { stdout } = await run("tar", ["-tzf", tarball], { cwd: work })
      const files = stdout
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => line.replace(/^package\//, ""))
      for (const required of ["package.json", "README.md", "CHANGELOG.md", "LICENSE"])
        assert.include(files, required, tarball)
      assert.isTrue(
        files.some((file) => file.startsWith("dist/")),
        `${tarball} has dist/`
      )
      const stray = files.filter((file) => /^(src|test|bench|demo|examples|scripts)\/|\.map$|\.tsbuildinfo$/.test(file))
      assert.deepStrictEqual(stray, [], tarball)
    }
  })

  it("declare every re-export line of each entry (stripInternal drops a line whose comment carries its tag)", async () => {
    const starLines = (text: string) => text.split("\n").filter((line) => /^export \* from /.test(line))
    for (const { source } of publishedEntries) {
      const declared = new Set(
        starLines(await readFile(join(appDir(), "node_modules", "stackfx", "dist", `${source}.d.ts`), "utf8")).map(
          (line) => line.replace(/;$/, "")
        )
      )
      const lost = starLines(await readFile(join(repo, "src", `${source}.ts`), "utf8")).filter(
        (line) => !declared.has(line)
      )
      assert.deepStrictEqual(lost, [], `src/${source}.ts lines missing from its declarations`)
    }
  })

  it("add at most 10 packages and 5 MB to a browser app, with one copy of react and of effect", async () => {
    const installed = await installedPackages(appDir())
    const paths = new Map(installed.map((p) => [p.path, p.name]))
    // What the app holds without stackfx (and without the testing kit's packages, which come with the tests).
    const manifest = JSON.parse(await readFile(join(appDir(), "package.json"), "utf8")) as Record<
      "dependencies" | "devDependencies",
      Record<string, string>
    >
    const others = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
      (name) => !["stackfx", "stackfx-backend", "vitest", "@effect/vitest"].includes(name)
    )
    const [without, withStackfx] = await Promise.all([
      reachedFrom(appDir(), others),
      reachedFrom(appDir(), ["stackfx"])
    ])
    const added = [...withStackfx].filter((path) => !without.has(path)).map((path) => join(appDir(), path))
    assert.isAtMost(added.length, 10, `added: ${added.map((path) => paths.get(path) ?? path).join(", ")}`)
    const grown = (await Promise.all(added.map((path) => bytesUnder(path, "node_modules")))).reduce((a, b) => a + b, 0)
    assert.isAtMost(grown, 5 * 1024 * 1024, `grew by ${grown} bytes`)
    for (const single of ["react", "react-dom", "effect", "@tanstack/react-router"]) {
      assert.strictEqual(installed.filter((p) => p.name === single).length, 1, `copies of ${single}`)
    }
  })

  it("type-check every README example as written (and the kit test's body); build the React quick start and open it in Chromium", async () => {
    const blocks = readmeBlocks(readme)
    assert.isAtLeast(blocks.length, 6)
    await Promise.all([
      ...blocks.map((block, i) => writeFile(join(appDir(), "src", `readme-${i}.${block.language}`), block.code)),
      writeFile(join(appDir(), "src", "kit-sign-in.ts"), kitBody),
      // Every entry's published declarations, checked whole (skipLibCheck off): a public type that names one
      // left out by stripInternal fails here, in what users install.
      // The backend's root entry too: the app has the packed backend for its tests, and the script below checks
      // only its own code against it.
      writeFile(
        join(appDir(), "src", "entries.ts"),
        [...publishedEntries.map(({ consumer }) => consumer), `export * as Backend from "stackfx-backend"`].join("\n")
      ),
      mkdir(join(appDir(), "kit"), { recursive: true }).then(() =>
        writeFile(join(appDir(), "kit", "sign-in.test.ts"), kitTest)
      )
    ])
    await writeFile(
      join(appDir(), "tsconfig.json"),
      strictTsconfig(["src"], {
        module: "ESNext",
        moduleResolution: "bundler",
        jsx: "react-jsx",
        // The Start entries' declarations (and TanStack Start's own) name Node's modules, as a Start app has them.
        types: ["node"]
      })
    )
    await run(join(appDir(), "node_modules", ".bin", "tsc"), ["-p", "tsconfig.json"], { cwd: appDir() })

    await writeFile(
      join(appDir(), "main.tsx"),
      snippet("React", /createRoot\(/).replaceAll(readmeBackendUrl, backendUrl)
    )
    await writeFile(
      join(appDir(), "index.html"),
      `<!doctype html><div id="root"></div><script type="module" src="/main.tsx"></script>`
    )
    await writeFile(
      join(appDir(), "vite.config.js"),
      `import react from "@vitejs/plugin-react"\nexport default { plugins: [react()], logLevel: "error" }\n`
    )
    await run(join(appDir(), "node_modules", ".bin", "vite"), ["build"], { cwd: appDir() })
    const assets = await readdir(join(appDir(), "dist", "assets"))
    assert.isTrue(assets.some((name) => name.endsWith(".js")))

    // The built app, on localhost (a host the demo project trusts), in a browser: the visitor's user button,
    // and the sign-in page its menu opens.
    const server = await serveStatic(join(appDir(), "dist"))
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", "--no-sandbox"] })
    try {
      const page = await browser.newPage()
      const errors: Array<string> = []
      page.on("pageerror", (error) => errors.push(error.message))
      await page.goto(`http://localhost:${server.port}/`)
      await page.getByRole("heading", { name: "Home" }).waitFor()
      await page.getByRole("button", { name: "Account menu (not signed in)" }).click()
      await page.getByRole("menuitem", { name: "Sign in" }).click()
      await page.getByRole("heading", { name: "Sign in" }).waitFor()
      assert.deepStrictEqual(errors, [])
    } finally {
      await browser.close()
      await server.close()
    }
  }, 180_000)

  it("run the quick start's snippets against the fresh backend, which says where it keeps its data", async () => {
    const data = join(scriptDir(), ".stackfx", "db")
    assert.include(backendOutput, `${data} (a folder in this directory: add .stackfx/ to .gitignore)`)
    assert.isTrue((await stat(data)).isDirectory())
    const env = backendOutput
      .split("\n")
      .filter((line) => /^\s+HEXCLAVE_[A-Z_]+=/.test(line))
      .map((line) => line.trim())
    assert.include(env, `HEXCLAVE_API_URL=${backendUrl}`)
    await writeFile(join(scriptDir(), ".env"), `${env.join("\n")}\n`)

    await writeFile(
      join(scriptDir(), "client.ts"),
      snippet("client tier", /^(?![\s\S]*createRoot\()[\s\S]*clientTier\(/).replaceAll(readmeBackendUrl, backendUrl)
    )
    await writeFile(join(scriptDir(), "list-users.ts"), snippet("server tier", /serverTierFromEnv\(/))
    await writeFile(join(scriptDir(), "admin.ts"), snippet("admin tier", /adminTierFromEnv\(/))
    const node = (...args: ReadonlyArray<string>) => run(process.execPath, args, { cwd: scriptDir() })
    // The first run signs Ann up on the fresh backend, the second signs her in.
    assert.strictEqual((await node("client.ts")).stdout, "ann@example.com\n")
    assert.strictEqual((await node("client.ts")).stdout, "ann@example.com\n")
    const [users, admin] = await Promise.all([
      node("--env-file=.env", "list-users.ts"),
      node("--env-file=.env", "admin.ts")
    ])
    assert.match(users.stdout, /^\S+ ann@example\.com$/m)
    assert.strictEqual(admin.stdout, "stackfx demo true\n")
  }, 120_000)

  it("build a fresh TanStack Start app (the example's sources and its own Vite config) whose browser bundle holds no server code", async () => {
    // A folder of the same app (same node_modules): the example's routes, middlewares, server functions and
    // vite.config.ts, as an app copies them (stackfx resolves as installed).
    const start = startDir()
    await cp(join(repo, "examples", "react-start", "src"), join(start, "src"), {
      recursive: true,
      filter: (source) => !source.endsWith("routeTree.gen.ts")
    })
    await cp(join(repo, "examples", "react-start", "vite.config.ts"), join(start, "vite.config.ts"))
    await run(join(appDir(), "node_modules", ".bin", "vite"), ["build", "--logLevel", "error"], {
      cwd: start,
      // NODE_ENV: vitest sets it to "test", which would build React for development.
      env: childEnv({ NODE_ENV: "production" })
    })
    const clientAssets = join(start, "dist", "client", "assets")
    const client = await Promise.all(
      (await readdir(clientAssets))
        .filter((name) => name.endsWith(".js"))
        .map((name) => readFile(join(clientAssets, name), "utf8"))
    )
    assert.isAbove(client.length, 0)
    // The server entry (the request user, its service's name) stays on the server.
    assert.isFalse(client.some((code) => code.includes("stackfx/react-start/RequestUser")))
    // Nor do the demo project's secret keys: the browser's fallback names only its id and publishable key.
    assert.isFalse(
      client.some((code) => code.includes("this-secret-server-key") || code.includes("this-super-secret-admin-key"))
    )
    const server = await readdir(join(start, "dist", "server"), { recursive: true })
    assert.isTrue(server.some((name) => name.endsWith(".js")))
  }, 180_000)

  it("serve that Start app's production build: a signed-in page rendered by its server, behind a proxy named by STACK_ACCEPTED_ISSUER_BASE_URLS", async () => {
    // The browser signed up at the backend's own URL; the app's server reaches it through a proxy, so the
    // tokens' issuer is another URL than the server's: the variable says it is the same backend.
    const proxy = await startCountingProxy(backendUrl)
    const preview = spawn(
      join(appDir(), "node_modules", ".bin", "vite"),
      ["preview", "--port", "0", "--host", "127.0.0.1"],
      {
        cwd: startDir(),
        env: childEnv({
          NODE_ENV: "production",
          STACK_API_URL: proxy.url,
          STACK_ACCEPTED_ISSUER_BASE_URLS: backendUrl
        }),
        stdio: ["ignore", "pipe", "pipe"]
      }
    )
    try {
      const appUrl = (await waitForLine(preview, /(http:\/\/127\.0\.0\.1:\d+)/, 60_000))[1] ?? ""
      const email = `start-${Date.now()}@example.com`
      const signUp = await fetch(`${backendUrl}/api/v1/auth/password/sign-up`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-stack-project-id": DEMO_PROJECT_KEYS.projectId,
          "x-stack-access-type": "client",
          "x-stack-publishable-client-key": DEMO_PROJECT_KEYS.publishableClientKey
        },
        body: JSON.stringify({ email, password: "correct horse battery staple" })
      })
      assert.strictEqual(signUp.status, 200)
      const tokens = (await signUp.json()) as { readonly access_token: string; readonly refresh_token: string }
      const cookie = tokenSetCookies(
        DEMO_PROJECT_KEYS.projectId,
        { accessToken: tokens.access_token, refreshToken: tokens.refresh_token },
        { secure: false }
      )
        .map((line) => line.split(";")[0] ?? "")
        .filter((pair) => !pair.endsWith("="))
        .join("; ")
      const page = await fetch(`${appUrl}/dashboard`, { headers: { cookie }, redirect: "manual" })
      // React separates adjacent text with an empty comment.
      const html = (await page.text()).replaceAll("<!-- -->", "")
      assert.strictEqual(page.status, 200, html.slice(0, 500))
      assert.include(html, `Welcome, ${email}`)
      // The server read the user through the proxy; no cookie was cleared.
      assert.isAbove(proxy.total(), 0)
      assert.notMatch(page.headers.get("set-cookie") ?? "", /Max-Age=0/i)
    } finally {
      preview.kill("SIGTERM")
      await proxy.close()
    }
  }, 90_000)

  it("run a testing-kit test (stackfx-backend/testing) with vitest in the fresh app", async () => {
    // Its body was type-checked above with the README's examples (src/kit-sign-in.ts).
    const { stdout } = await run(
      join(appDir(), "node_modules", ".bin", "vitest"),
      // The repository's own limits: the worker's backend starts in the layer's hook, seconds on a loaded machine.
      ["run", "kit/sign-in.test.ts", "--reporter", "verbose", "--hookTimeout", "60000", "--testTimeout", "30000"],
      { cwd: appDir(), env: childEnv({ CI: "true", NO_COLOR: "1" }) }
    )
    assert.match(stdout, /signs a fixture user in, then meets an injected 503/)
    assert.match(stdout, /1 passed/)
  }, 120_000)

  it("give a Node script no react, and run its server tier against the packed local backend", async () => {
    const names = new Set((await installedPackages(scriptDir())).map((p) => p.name))
    for (const absent of ["react", "react-dom", "@tanstack/react-router", "vite", "tsx", "esbuild"]) {
      assert.isFalse(names.has(absent), `${absent} installed`)
    }
    await writeFile(
      join(scriptDir(), "script.ts"),
      [
        `import * as Effect from "effect/Effect"`,
        `import { serverTier, ServerUsers } from "stackfx"`,
        `import { startLocalBackend } from "stackfx-backend"`,
        ``,
        `const baseUrl = process.argv[2]`,
        `if (baseUrl === undefined) throw new Error("usage: script.ts <backend url>")`,
        `const tier = serverTier({`,
        `  projectId: "demo",`,
        `  publishableClientKey: "this-publishable-client-key-is-for-the-local-demo-only",`,
        `  secretServerKey: "this-secret-server-key-is-for-the-local-demo-only",`,
        `  baseUrl`,
        `})`,
        `const email = \`packed-\${Date.now()}@example.com\``,
        `const program = Effect.gen(function*() {`,
        `  const users = yield* ServerUsers`,
        `  const created = yield* users.create({ primaryEmail: email, primaryEmailVerified: true })`,
        `  const found = yield* users.list({ query: email })`,
        `  return { created: created.id, found: found.items.map((user) => user.id) }`,
        `})`,
        `// startLocalBackend is typed for users' own tests; referenced so its declarations are checked too`,
        `export const start: typeof startLocalBackend = startLocalBackend`,
        `console.log(JSON.stringify(await Effect.runPromise(program.pipe(Effect.provide(tier)))))`
      ].join("\n")
    )
    await writeFile(
      join(scriptDir(), "tsconfig.json"),
      strictTsconfig(["script.ts"], {
        module: "NodeNext",
        moduleResolution: "NodeNext",
        types: ["node"],
        allowImportingTsExtensions: true,
        // The packages' declarations are checked whole in the app above (skipLibCheck off, every entry, the
        // backend's included) and resolved under Node's ESM rules by arethetypeswrong: here the script's own
        // code, under NodeNext, against them (checking the libraries again took the most of this step's time).
        skipLibCheck: true
      })
    )
    await run(join(scriptDir(), "node_modules", ".bin", "tsc"), ["-p", "tsconfig.json"], { cwd: scriptDir() })

    const version = await run(
      process.execPath,
      [join(scriptDir(), "node_modules", "stackfx-backend", "bin", "stackfx.js"), "--version"],
      { cwd: scriptDir() }
    )
    assert.match(version.stdout.trim(), /^\d+\.\d+\.\d+/)

    const { stdout } = await run(process.execPath, ["script.ts", backendUrl], { cwd: scriptDir() })
    const answer = JSON.parse(stdout.trim()) as { created: string; found: ReadonlyArray<string> }
    assert.deepStrictEqual(answer.found, [answer.created])
  }, 180_000)
})
