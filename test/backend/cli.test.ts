import { assert, describe, it } from "@effect/vitest"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { DEMO_PROJECT_KEYS } from "../../src/domain/local-keys.js"
import { adminTierFromEnv } from "../../src/layers/admin.js"
import { serverTierFromEnv } from "../../src/layers/server.js"
import { AdminProjects } from "../../src/services/generated/projects.js"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { runCli, stopCli } from "../support/cli.js"

const bin = fileURLToPath(new URL("../../backend/bin/stackfx.js", import.meta.url))

describe("stackfx dev", () => {
  it("prints the ready line with the real port, serves, and stops on SIGINT", async () => {
    const cli = runCli(["dev", "--port", "0", "--db", "memory"])
    try {
      const url = await cli.ready
      const output = cli.output()
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/)
      assert.notMatch(url, /:0$/, "the printed port is the bound one")
      assert.match(output, /project id:\s+internal/)
      assert.include(output, "this-publishable-client-key-is-for-local-development-only")
      assert.include(output.replace(/mailbox: +/, "mailbox: "), `mailbox: ${url}/mailbox\n`)
      assert.include(output.replace(/data: +/, "data: "), "data: in memory (gone when the backend stops)\n")
      assert.match(output, /project id:\s+demo/)
      const health = await fetch(`${url}/health`)
      assert.strictEqual(health.status, 200)
    } finally {
      await stopCli(cli)
    }
    const code = await cli.exited
    assert.include([0, 130], code, `exit code ${code}\n${cli.output()}`)
  }, 40_000)

  it("prints the environment lines of the demo project, and an app reading them reaches it", async () => {
    const cli = runCli(["dev", "--port", "0", "--db", "memory"])
    try {
      const url = await cli.ready
      const env = cli
        .output()
        .split("\n")
        .filter((line) => /^\s+HEXCLAVE_[A-Z_]+=/.test(line))
        .map((line) => line.trim())
      assert.deepStrictEqual(env, [
        `HEXCLAVE_API_URL=${url}`,
        `HEXCLAVE_PROJECT_ID=${DEMO_PROJECT_KEYS.projectId}`,
        `HEXCLAVE_PUBLISHABLE_CLIENT_KEY=${DEMO_PROJECT_KEYS.publishableClientKey}`,
        `HEXCLAVE_SECRET_SERVER_KEY=${DEMO_PROJECT_KEYS.secretServerKey}`,
        `HEXCLAVE_SUPER_SECRET_ADMIN_KEY=${DEMO_PROJECT_KEYS.superSecretAdminKey}`
      ])
      // Pasted into an app's environment as printed, they are all its tiers need.
      const provider = ConfigProvider.layer(ConfigProvider.fromDotEnvContents(env.join("\n")))
      const answers = await Effect.runPromise(
        Effect.all([
          ServerUsers.use((users) => users.list({ limit: 1 })).pipe(Effect.provide(serverTierFromEnv())),
          AdminProjects.use((projects) => projects.get).pipe(Effect.provide(adminTierFromEnv()))
        ]).pipe(Effect.provide(provider))
      )
      assert.strictEqual(answers[1].id, DEMO_PROJECT_KEYS.projectId)
    } finally {
      await stopCli(cli)
    }
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
