/**
 * Runs `stackfx` (bin/stackfx.js) as a child process, the way `npx stackfx dev` does, and watches its
 * output: the ready line, everything printed, the exit code.
 */
import { type ChildProcessByStdio, spawn } from "node:child_process"
import { createServer } from "node:net"
import type { Readable } from "node:stream"
import { fileURLToPath } from "node:url"

const bin = fileURLToPath(new URL("../../backend/bin/stackfx.js", import.meta.url))

export interface CliRun {
  readonly child: ChildProcessByStdio<null, Readable, Readable>
  /** stdout and stderr so far, interleaved as they arrived. */
  readonly output: () => string
  /** Only stderr. */
  readonly stderr: () => string
  /** The URL of the ready line, once the whole banner (through "Press Ctrl-C") is printed. */
  readonly ready: Promise<string>
  /** The exit code (null when ended by a signal). */
  readonly exited: Promise<number | null>
}

/** Starts `stackfx <args>`. `ready` rejects when the process exits without printing the banner. */
export const runCli = (args: ReadonlyArray<string>, options: { readonly cwd?: string } = {}): CliRun => {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"], cwd: options.cwd })
  let output = ""
  let stderr = ""
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  const ready = new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /^stackfx local backend ready at (\S+)$/m.exec(output)
      if (match?.[1] !== undefined && output.includes("Press Ctrl-C")) resolve(match[1])
    }
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      check()
    })
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      stderr += chunk.toString()
    })
    void exited.then((code) => reject(new Error(`stackfx exited (${code}) before it was ready:\n${output}`)))
  })
  // A test that only looks at `exited` must not fail on the unobserved rejection of `ready`.
  ready.catch(() => undefined)
  return { child, output: () => output, stderr: () => stderr, ready, exited }
}

/** A port nothing listens on right now (the OS picks it; it is released before returning). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/**
 * A port that refuses every connection, always: 1 lies below the ports the OS hands out for port 0 and
 * below any a test picks, so no backend started by a parallel test can take it between a check and a use
 * (a released free port can be taken that way).
 */
export const REFUSING_PORT = 1

/** Ctrl-C, then SIGKILL if it has not exited after `graceMs`; resolves with the exit code. */
export const stopCli = async (run: CliRun, graceMs = 10_000): Promise<number | null> => {
  run.child.kill("SIGINT")
  let timer: ReturnType<typeof setTimeout> | undefined
  const killed = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      run.child.kill("SIGKILL")
      resolve()
    }, graceMs)
  })
  await Promise.race([run.exited, killed])
  clearTimeout(timer)
  return run.exited
}
