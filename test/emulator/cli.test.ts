import { assert, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

const bin = fileURLToPath(new URL("../../backend/bin/stackfx.js", import.meta.url))

describe("stackfx dev", () => {
  it("prints the ready line with the real port, serves, and stops on SIGINT", async () => {
    const child = spawn(process.execPath, [bin, "dev", "--port", "0", "--db", "memory"], {
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ready line after 25 s:\n${output}`)), 25_000)
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString()
          const match = /^stackfx local backend ready at (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(output)
          if (match?.[1] !== undefined && /mailbox:\s+\S+\n/.test(output)) {
            clearTimeout(timer)
            resolve(match[1])
          }
        })
      })
      assert.notMatch(url, /:0$/, "the printed port is the bound one")
      assert.match(output, /project id:\s+internal/)
      assert.include(output, "this-publishable-client-key-is-for-local-development-only")
      assert.include(output.replace(/mailbox: +/, "mailbox: "), `mailbox: ${url}/mailbox\n`)
      assert.match(output, /project id:\s+demo/)
      const health = await fetch(`${url}/health`)
      assert.strictEqual(health.status, 200)
    } finally {
      child.kill("SIGINT")
    }
    const code = await exited
    assert.include([0, 130], code, `exit code ${code}\n${output}`)
  }, 40_000)

  it("explains its usage on a bad option", async () => {
    const child = spawn(process.execPath, [bin, "dev", "--port", "abc"], { stdio: ["ignore", "pipe", "pipe"] })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve))
    assert.strictEqual(code, 2)
    assert.strictEqual(
      stderr,
      "stackfx: --port needs a whole number from 0 to 65535 (stackfx --help lists the options)\n"
    )
  }, 30_000)
})
