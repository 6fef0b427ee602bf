/**
 * The testing kit's example suite as a person runs it (`npm run example:testing`: vitest over
 * examples/testing, its global setup starting the run's backend): the wall time from the command to its end,
 * modules imported, backend started and every test run, and how many tests and files it ran.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"
import { stripVTControlCharacters } from "node:util"
import { root } from "./util.js"

export interface KitExampleResults {
  readonly wallMs: number
  readonly files: number
  readonly tests: number
}

const count = (output: string, label: string): number =>
  Number(new RegExp(`${label}\\s+(\\d+) passed`).exec(output)?.[1] ?? Number.NaN)

export const runKitExample = (): Promise<KitExampleResults> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    let output = ""
    const child = spawn(
      join(root, "node_modules", ".bin", "vitest"),
      ["run", "--config", "examples/testing/vitest.config.ts"],
      { cwd: root, env: { ...process.env, CI: "true", NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] }
    )
    const collect = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString())
    }
    child.stdout.on("data", collect)
    child.stderr.on("data", collect)
    child.once("error", reject)
    child.once("exit", (code) => {
      const wallMs = performance.now() - started
      if (code !== 0) reject(new Error(`the kit's example failed (exit ${code}):\n${output.slice(-2000)}`))
      else resolve({ wallMs, files: count(output, "Test Files"), tests: count(output, "Tests") })
    })
  })
