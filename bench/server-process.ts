/**
 * The local backend as its own process (`bin/stackfx.js dev`), the way a developer starts it: the
 * start-up figures time it from spawn to its ready line, and the load and per-call figures run against
 * it so that the load generator and the server each get a core.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"
import { root } from "./util.js"

const bin = join(root, "backend/bin/stackfx.js")
const READY = /stackfx local backend ready at (\S+)/

export interface ServerProcess {
  readonly url: string
  /** The process id, to read its CPU time (see `processCpuMs`). */
  readonly pid: number | undefined
  /** Spawn to ready line. */
  readonly readyMs: number
  readonly stop: () => Promise<void>
  /** `undefined` while running; else how it ended and the last of its stderr. */
  readonly exited: () => string | undefined
}

/**
 * Starts `stackfx dev --db <db>`; `listen` fixes its port and adds options (`--public-url`, after which the
 * ready line names the public URL, so `url` is then `http://127.0.0.1:<port>`).
 */
export const startServerProcess = (
  db: string,
  timeoutMs = 60_000,
  listen: { readonly port: number; readonly args: ReadonlyArray<string> } = { port: 0, args: [] }
): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [bin, "dev", "--port", String(listen.port), "--db", db, ...listen.args], {
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    let ready = false
    let tail = ""
    let ended: string | undefined
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`stackfx dev was not ready within ${timeoutMs} ms:\n${output.slice(-2000)}`))
    }, timeoutMs)
    const onData = (chunk: Buffer) => {
      if (ready) return // keeps draining the pipe without keeping what the server says afterwards
      output += chunk.toString()
      const match = READY.exec(output)
      if (match?.[1] === undefined) return
      ready = true
      clearTimeout(timer)
      const readyMs = performance.now() - started
      const exited = new Promise<void>((done) => child.once("exit", () => done()))
      resolve({
        url: listen.port === 0 ? match[1] : `http://127.0.0.1:${listen.port}`,
        pid: child.pid,
        readyMs,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill("SIGINT")
            const force = setTimeout(() => child.kill("SIGKILL"), 10_000)
            await exited
            clearTimeout(force)
          }
        },
        exited: () => ended
      })
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", (chunk: Buffer) => {
      if (!ready) output += chunk.toString()
      else tail = (tail + chunk.toString()).slice(-4000)
    })
    child.once("exit", (code, signal) => {
      clearTimeout(timer)
      ended = `exited with ${code ?? signal}; stderr: ${tail}`
      if (!ready)
        reject(new Error(`stackfx dev exited (${code ?? signal}) before it was ready:\n${output.slice(-2000)}`))
    })
  })
