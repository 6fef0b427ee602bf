import { assert, describe, it } from "@effect/vitest"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startLocalBackend } from "../../../backend/src/index.js"
import { call, uniqueEmail } from "../../support/local-backend.js"

describe("the default embedded database", () => {
  it("keeps users, sessions and projects across a restart", async () => {
    const dir = await mkdtemp(join(tmpdir(), "stackfx-persist-"))
    const db = join(dir, "db")
    try {
      const first = await startLocalBackend({ port: 0, db, log: false })
      const internal = { ...first.project }
      const email = uniqueEmail()
      const signUp = await call(first, internal, "POST", "/auth/password/sign-up", {
        body: { email, password: "persisted-pw" }
      })
      assert.strictEqual(signUp.status, 200)
      const team = await call(first, internal, "POST", "/teams", {
        accessToken: signUp.body.access_token,
        body: { display_name: "Owners", creator_user_id: "me" }
      })
      const created = await call(first, internal, "POST", "/internal/projects", {
        accessToken: signUp.body.access_token,
        body: { display_name: "Survivor", owner_team_id: team.body.id }
      })
      const jwksBefore = await (await fetch(`${first.apiUrl}/projects/internal/.well-known/jwks.json`)).json()
      await first.stop()

      const second = await startLocalBackend({ port: 0, db, log: false })
      try {
        const signIn = await call(second, internal, "POST", "/auth/password/sign-in", {
          body: { email, password: "persisted-pw" }
        })
        assert.strictEqual(signIn.status, 200)
        assert.strictEqual(signIn.body.user_id, signUp.body.user_id)
        const refreshed = await fetch(`${second.apiUrl}/auth/oauth/token`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            grant_type: "refresh_token",
            refresh_token: signUp.body.refresh_token,
            client_id: "internal",
            client_secret: internal.publishableClientKey
          })
        })
        assert.strictEqual(refreshed.status, 200, "the old session survived")
        const projects = await call(second, internal, "GET", "/internal/projects", {
          accessToken: signIn.body.access_token
        })
        assert.deepStrictEqual(
          projects.body.items.map((p: { id: string }) => p.id),
          [created.body.id]
        )
        const jwksAfter = await (await fetch(`${second.apiUrl}/projects/internal/.well-known/jwks.json`)).json()
        assert.deepStrictEqual(jwksAfter, jwksBefore, "signing keys persist, so old tokens stay valid")
      } finally {
        await second.stop()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
