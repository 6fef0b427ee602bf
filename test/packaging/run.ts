/** Child processes for the packaging check: run one to its end, or wait for a line from a long-running one. */
import { type ChildProcess, execFile } from "node:child_process"
import { stripVTControlCharacters } from "node:util"

export interface Ran {
  readonly stdout: string
  readonly stderr: string
}

/**
 * The test run's environment without the variables a backend's project is read from (`STACK_*`, `HEXCLAVE_*`):
 * a global setup of the run (the testing kit's example sets them) must not choose the project of a process that
 * a test starts, and Node's `--env-file` does not override a variable already set.
 */
export const childEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(STACK|HEXCLAVE)_/.test(name))),
  ...extra
})

/** Runs `command` to its end (in `childEnv()` unless given one); a non-zero exit rejects with the command, its exit code and its output. */
export const run = (
  command: string,
  args: ReadonlyArray<string>,
  options: { readonly cwd: string; readonly env?: NodeJS.ProcessEnv }
): Promise<Ran> =>
  new Promise((resolve, reject) => {
    execFile(
      command,
      [...args],
      { cwd: options.cwd, maxBuffer: 64 * 1024 * 1024, env: options.env ?? childEnv() },
      (error, stdout, stderr) => {
        if (error === null) resolve({ stdout, stderr })
        else
          reject(
            new Error(`${command} ${args.join(" ")} (in ${options.cwd}) failed: ${error.message}\n${stdout}\n${stderr}`)
          )
      }
    )
  })

/**
 * Resolves with the match of the first stdout line matching `pattern`; rejects if the process exits first.
 * Colour codes are removed first: where the environment forces colour (CI does), Vite prints the port in bold
 * and a plain pattern would never match.
 */
export const waitForLine = (child: ChildProcess, pattern: RegExp, timeoutMillis: number): Promise<RegExpMatchArray> =>
  new Promise((resolve, reject) => {
    let seen = ""
    let errors = ""
    const timer = setTimeout(
      () => reject(new Error(`no line matching ${pattern} within ${timeoutMillis} ms:\n${seen}\n${errors}`)),
      timeoutMillis
    )
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString()
    })
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += stripVTControlCharacters(chunk.toString())
      const match = seen.match(pattern)
      if (match !== null) {
        clearTimeout(timer)
        resolve(match)
      }
    })
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code} before a line matching ${pattern}:\n${seen}\n${errors}`))
    })
  })
