/**
 * The testing kit's example suite (examples/testing) timed twice over: as this repository runs it
 * (`npm run example:testing`, the names resolved to the sources, which vitest transforms), and as an app runs
 * it after installing the packages. For the second it packs `stackfx` and
 * `stackfx-backend` (their `prepack` builds), installs them into a fresh folder with the test runner and what the
 * example imports (the repository's versions, from npm's cache), copies examples/testing's tests there with a
 * config of the example's test options but none of its source aliases, and times `vitest run` twice: the first
 * run after the install (Node's compile cache empty, as the kit's global setup leaves it for a new folder) and
 * the next (the cache filled, as every later run of a developer's edit loop finds it).
 */
import { execFile, spawn } from "node:child_process"
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { stripVTControlCharacters } from "node:util"
import { root } from "./util.js"

export interface KitRun {
  readonly wallMs: number
  readonly files: number
  readonly tests: number
}

export interface KitExampleResults {
  /** `npm run example:testing` in this repository. */
  readonly repository: KitRun
  /** In an app that installed the packed packages: its first run, then the next. */
  readonly installed: { readonly first: KitRun; readonly next: KitRun }
}

const exec = (command: string, args: ReadonlyArray<string>, cwd: string): Promise<string> =>
  new Promise((resolve, reject) =>
    execFile(command, [...args], { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error === null ? resolve(stdout) : reject(new Error(`${command} ${args.join(" ")}: ${error.message}\n${stderr}`))
    )
  )

const count = (output: string, label: string): number =>
  Number(new RegExp(`${label}\\s+(\\d+) passed`).exec(output)?.[1] ?? Number.NaN)

/** Runs vitest in `cwd` with `env`; the wall time from the command to its end, and what it ran. */
const timeVitest = (
  vitest: string,
  args: ReadonlyArray<string>,
  cwd: string,
  env: NodeJS.ProcessEnv
): Promise<KitRun> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    let output = ""
    const child = spawn(vitest, [...args], {
      cwd,
      env: { ...env, CI: "true", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    const collect = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString())
    }
    child.stdout.on("data", collect)
    child.stderr.on("data", collect)
    child.once("error", reject)
    child.once("exit", (code) => {
      const wallMs = performance.now() - started
      if (code !== 0) reject(new Error(`vitest in ${cwd} failed (exit ${code}):\n${output.slice(-2000)}`))
      else resolve({ wallMs, files: count(output, "Test Files"), tests: count(output, "Tests") })
    })
  })

const versions = async (names: ReadonlyArray<string>): Promise<Record<string, string>> => {
  const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as {
    readonly devDependencies: Record<string, string>
  }
  return Object.fromEntries(names.map((name) => [name, manifest.devDependencies[name] ?? "*"]))
}

/** An app's config: the example's own test options (examples/testing/test-options.ts, copied with the tests). */
const appConfig = `import { defineConfig } from "vitest/config"
import { exampleTestOptions } from "./test-options.js"

export default defineConfig({ test: exampleTestOptions })
`

const runInstalled = async (): Promise<KitExampleResults["installed"]> => {
  const work = await mkdtemp(join(tmpdir(), "stackfx-kit-app-"))
  try {
    const packs = join(work, "packs")
    await mkdir(packs)
    await exec("npm", ["pack", "--loglevel=error", "--pack-destination", packs], root)
    await exec("npm", ["pack", "--loglevel=error", "--pack-destination", packs], join(root, "backend"))
    const tarballs = await readdir(packs)
    const tarball = (prefix: RegExp) => `file:${join(packs, tarballs.find((name) => prefix.test(name)) ?? "")}`
    const app = join(work, "app")
    await mkdir(app)
    const manifest = {
      name: "kit-app",
      private: true,
      type: "module",
      dependencies: { stackfx: tarball(/^stackfx-\d/), ...(await versions(["effect", "react", "react-dom"])) },
      devDependencies: {
        "stackfx-backend": tarball(/^stackfx-backend-\d/),
        ...(await versions(["vitest", "@effect/vitest", "@testing-library/react", "happy-dom", "fast-check"]))
      }
    }
    await writeFile(join(app, "package.json"), JSON.stringify(manifest, null, 2))
    await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], app)
    const example = join(root, "examples", "testing")
    for (const name of await readdir(example))
      if (/\.tsx?$/.test(name) && name !== "vitest.config.ts") await cp(join(example, name), join(app, name))
    await writeFile(join(app, "vitest.config.ts"), appConfig)
    // A compile cache of the app's own, empty for the first run (the kit's default folder may hold other runs').
    const env = { ...process.env, NODE_COMPILE_CACHE: join(work, "compile-cache") }
    const vitest = join(app, "node_modules", ".bin", "vitest")
    const first = await timeVitest(vitest, ["run"], app, env)
    const next = await timeVitest(vitest, ["run"], app, env)
    return { first, next }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

export const runKitExample = async (): Promise<KitExampleResults> => {
  const vitest = join(root, "node_modules", ".bin", "vitest")
  const repository = await timeVitest(
    vitest,
    ["run", "--config", "examples/testing/vitest.config.ts"],
    root,
    process.env
  )
  return { repository, installed: await runInstalled() }
}
