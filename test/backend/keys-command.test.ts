/**
 * `npx stackfx keys rotate --project P` as an operator runs it between two runs of a backend on one database
 * folder: the session signed before the rotation keeps working, the tokens minted after it carry the key
 * that was published as the next one, and the key set publishes the replaced key while its tokens may live.
 */
import { assert, describe, it } from "@effect/vitest"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as jose from "jose"
import { DEMO_PROJECT_KEYS } from "@stackfx/lib/domain/local-keys.js"
import { freePort, runCli, stopCli } from "../support/cli.js"

const PROJECT = DEMO_PROJECT_KEYS.projectId
const headers = {
  "content-type": "application/json",
  "x-stack-project-id": PROJECT,
  "x-stack-access-type": "client",
  "x-stack-publishable-client-key": DEMO_PROJECT_KEYS.publishableClientKey
}

const kidOf = (token: string) => jose.decodeProtectedHeader(token).kid

const jwksKids = async (url: string): Promise<ReadonlyArray<string>> => {
  const response = await fetch(`${url}/api/v1/projects/${PROJECT}/.well-known/jwks.json`)
  const body = (await response.json()) as { keys: ReadonlyArray<{ kid: string }> }
  return body.keys.map((key) => key.kid)
}

describe("stackfx keys rotate", () => {
  it("keeps sessions signed before the rotation working; new tokens carry the promoted key", async () => {
    const dir = mkdtempSync(join(tmpdir(), "stackfx-rotate-"))
    const db = join(dir, "db")
    const port = await freePort()
    try {
      const first = runCli(["dev", "--port", String(port), "--db", db])
      const url = await first.ready
      const signUp = await fetch(`${url}/api/v1/auth/password/sign-up`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: "rotate@example.com", password: "a-long-password-1" })
      })
      assert.strictEqual(signUp.status, 200)
      const session = (await signUp.json()) as { access_token: string; refresh_token: string }
      const [current, next] = await jwksKids(url)
      assert.strictEqual(kidOf(session.access_token), current)
      await stopCli(first)

      const rotate = runCli(["keys", "rotate", "--project", PROJECT, "--db", db])
      assert.strictEqual(await rotate.exited, 0, rotate.output())
      assert.include(rotate.output(), `normal: signs with ${next}`)

      const second = runCli(["dev", "--port", String(port), "--db", db])
      assert.strictEqual(await second.ready, url)
      try {
        // The session made before the rotation: its access token and its refresh token still work.
        const me = await fetch(`${url}/api/v1/users/me`, {
          headers: { ...headers, "x-stack-access-token": session.access_token }
        })
        assert.strictEqual(me.status, 200)
        const refreshed = await fetch(`${url}/api/v1/auth/sessions/current/refresh`, {
          method: "POST",
          headers: { ...headers, "x-stack-refresh-token": session.refresh_token }
        })
        assert.strictEqual(refreshed.status, 200)
        const { access_token } = (await refreshed.json()) as { access_token: string }
        assert.strictEqual(kidOf(access_token), next)
        // Published: the new current key, a new next key, and the replaced key while its tokens may live.
        const published = await jwksKids(url)
        assert.strictEqual(published.length, 3)
        assert.deepStrictEqual([published[0], published[2]], [next, current])
        assert.notInclude([current, next], published[1])
      } finally {
        await stopCli(second)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    // Two starts of a backend on a database folder and a rotation, each a child process.
  }, 240_000)

  it("refuses an unknown project and a missing --project", async () => {
    const unknown = runCli(["keys", "rotate", "--project", "no-such-project", "--db", "memory"])
    assert.strictEqual(await unknown.exited, 1)
    assert.include(unknown.stderr(), "stackfx: No project no-such-project in this database")
    const missing = runCli(["keys", "rotate"])
    assert.strictEqual(await missing.exited, 2)
    assert.include(missing.stderr(), "keys rotate needs --project <id>")
  }, 120_000)
})
