import { assert, describe, it } from "@effect/vitest"
import { dataLine, readyBanner } from "../../backend/src/banner.js"
import { DEMO_PROJECT_KEYS, LOCAL_DEVELOPMENT_KEYS } from "../../src/domain/local-keys.js"

const seeded = (keys: {
  readonly projectId: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
}) => ({
  id: keys.projectId,
  publishableClientKey: keys.publishableClientKey,
  secretServerKey: keys.secretServerKey,
  superSecretAdminKey: keys.superSecretAdminKey
})
const localBackend = {
  url: "http://127.0.0.1:8102",
  mailboxUrl: "http://127.0.0.1:8102/mailbox",
  project: seeded(LOCAL_DEVELOPMENT_KEYS),
  demoProject: seeded(DEMO_PROJECT_KEYS)
}

describe("the ready banner", () => {
  it("says where the data is: a folder under the app (for .gitignore), memory, or PostgreSQL without its password", () => {
    assert.strictEqual(
      dataLine("./.stackfx/db", "/home/ann/app"),
      "/home/ann/app/.stackfx/db (a folder in this directory: add .stackfx/ to .gitignore)"
    )
    assert.strictEqual(
      dataLine("data", "/home/ann/app/"),
      "/home/ann/app/data (a folder in this directory: add data/ to .gitignore)"
    )
    assert.strictEqual(dataLine("/var/lib/stackfx", "/home/ann/app"), "/var/lib/stackfx")
    assert.strictEqual(dataLine("memory", "/home/ann/app"), "in memory (gone when the backend stops)")
    const postgres = dataLine("postgres://ann:hunter2@db.local:5432/stack", "/home/ann/app")
    assert.strictEqual(postgres, "PostgreSQL at postgres://ann@db.local:5432/stack")
    assert.notInclude(dataLine("postgres://ann:hunter2@[bad", "/"), "hunter2")
  })

  it("prints the base URL without /api/v1 and the environment lines an app pastes", () => {
    const lines = readyBanner(localBackend, { db: "./.stackfx/db", cwd: "/home/ann/app" })
    assert.strictEqual(lines[0], "stackfx local backend ready at http://127.0.0.1:8102")
    assert.isFalse(
      lines.some((line) => line.includes("/api/v1") && !line.includes("adds /api/v1 itself")),
      lines.join("\n")
    )
    assert.include(
      lines,
      "  data:                      /home/ann/app/.stackfx/db (a folder in this directory: add .stackfx/ to .gitignore)"
    )
    // The main names since the service's rename, with the old ones mentioned (still read).
    assert.include(
      lines,
      "  an app's environment for the demo project (e.g. in .env; the old STACK_* names are read too):"
    )
    const env = lines.filter((line) => line.startsWith("    HEXCLAVE_")).map((line) => line.trim())
    assert.deepStrictEqual(env, [
      "HEXCLAVE_API_URL=http://127.0.0.1:8102",
      "HEXCLAVE_PROJECT_ID=demo",
      `HEXCLAVE_PUBLISHABLE_CLIENT_KEY=${DEMO_PROJECT_KEYS.publishableClientKey}`,
      `HEXCLAVE_SECRET_SERVER_KEY=${DEMO_PROJECT_KEYS.secretServerKey}`,
      `HEXCLAVE_SUPER_SECRET_ADMIN_KEY=${DEMO_PROJECT_KEYS.superSecretAdminKey}`
    ])
  })
})
