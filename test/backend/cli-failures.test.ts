/**
 * `stackfx dev` that cannot start says why in one line and exits non-zero: no stack trace, nothing
 * half-created.
 */
import { assert, describe, it } from "@effect/vitest"
import { existsSync } from "node:fs"
import { mkdtemp, readdir, rm } from "node:fs/promises"
import { createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort, runCli } from "../support/cli.js"

/** Runs a `stackfx` that is expected to fail; returns its exit code and its one stderr line. */
const failingRun = async (args: ReadonlyArray<string>, options: { readonly cwd?: string } = {}) => {
  const run = runCli(args, options)
  const code = await run.exited
  const lines = run.stderr().trim().split("\n")
  assert.strictEqual(lines.length, 1, `one line, got:\n${run.output()}`)
  assert.notMatch(run.output(), /^\s+at /m, "no stack trace")
  return { code, line: lines[0] ?? "" }
}

const listening = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve(server))
  })

describe("stackfx dev start-up failures", () => {
  it.concurrent("a port in use: names the port and suggests --port", async () => {
    const port = await freePort()
    const taken = await listening(port)
    try {
      const { code, line } = await failingRun(["dev", "--port", String(port), "--db", "memory"])
      assert.strictEqual(code, 1)
      assert.strictEqual(
        line,
        `stackfx: Port ${port} on 127.0.0.1 is already in use; pick another with --port (--port 0 picks a free one).`
      )
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  }, 90_000)

  it.concurrent("a port out of range is a usage error", async () => {
    const { code, line } = await failingRun(["dev", "--port", "70000"])
    assert.strictEqual(code, 2)
    assert.strictEqual(line, "stackfx: --port needs a whole number from 0 to 65535 (stackfx --help lists the options)")
  }, 90_000)

  it.concurrent("a host that is not this machine's names the host", async () => {
    // 203.0.113.0/24 is reserved for documentation: never an address of this machine.
    const { code, line } = await failingRun(["dev", "--port", "0", "--host", "203.0.113.7", "--db", "memory"])
    assert.strictEqual(code, 1)
    assert.strictEqual(
      line,
      "stackfx: Cannot listen on host 203.0.113.7: it is not an address of this machine; pick one with --host (default 127.0.0.1)."
    )
  }, 90_000)

  it.concurrent("an unreachable PostgreSQL names the server, never the password", async () => {
    const port = await freePort()
    const { code, line } = await failingRun([
      "dev",
      "--port",
      "0",
      "--db",
      `postgres://stackfx:hunter2-secret@127.0.0.1:${port}/stackfx`
    ])
    assert.strictEqual(code, 1)
    assert.match(
      line,
      new RegExp(
        `^stackfx: Cannot reach PostgreSQL at postgres://stackfx:\\*\\*\\*@127\\.0\\.0\\.1:${port}/stackfx: .*ECONNREFUSED`
      )
    )
    assert.notInclude(line, "hunter2")
  }, 90_000)

  it.concurrent("a database URL of another kind is refused, and no folder is created for it", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "stackfx-cwd-"))
    try {
      const { code, line } = await failingRun(["dev", "--port", "0", "--db", "mysql://x"], { cwd })
      assert.strictEqual(code, 1)
      assert.strictEqual(line, `stackfx: --db mysql:// is not supported: use "memory", a folder, or a postgres:// URL.`)
      assert.deepStrictEqual(await readdir(cwd), [])
      assert.isFalse(existsSync(join(cwd, "mysql:")))
    } finally {
      await rm(cwd, { recursive: true, force: true })
    }
  }, 90_000)
})
