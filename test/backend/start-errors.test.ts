/**
 * `startLocalBackend` that cannot start rejects with a typed `LocalBackendStartError` carrying the same one line
 * `stackfx dev` prints (test/backend/cli-failures.test.ts), not a multi-line dump of the Effect cause.
 */
import { assert, describe, it } from "@effect/vitest"
import { createServer, type Server } from "node:net"
import { LocalBackendStartError, startLocalBackend } from "../../backend/src/index.js"
import { freePort } from "../support/cli.js"

const listening = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve(server))
  })

/** The rejection of a start that must fail. */
const startFailure = async (options: Parameters<typeof startLocalBackend>[0]): Promise<LocalBackendStartError> => {
  const outcome = await startLocalBackend({ ...options, log: false }).then(
    async (running) => {
      await running.stop()
      return undefined
    },
    (error: unknown) => error
  )
  assert.instanceOf(outcome, LocalBackendStartError)
  if (!(outcome instanceof LocalBackendStartError)) throw new Error("unreachable")
  assert.strictEqual(outcome._tag, "LocalBackendStartError")
  assert.notInclude(outcome.message, "\n", "one line")
  return outcome
}

describe("startLocalBackend start-up failures", () => {
  it("a port in use: the CLI's line, with the server's error as cause", async () => {
    const port = await freePort()
    const taken = await listening(port)
    try {
      const error = await startFailure({ port, db: "memory" })
      assert.strictEqual(
        error.message,
        `Port ${port} on 127.0.0.1 is already in use; pick another with --port (--port 0 picks a free one).`
      )
      assert.propertyVal(error.cause, "_tag", "ServeError")
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  }, 60_000)

  it("an unsupported database URL: the CLI's line", async () => {
    const error = await startFailure({ port: 0, db: "mysql://x" })
    assert.strictEqual(error.message, `--db mysql:// is not supported: use "memory", a folder, or a postgres:// URL.`)
    assert.propertyVal(error.cause, "_tag", "UnsupportedDatabase")
  }, 60_000)
})
