/**
 * Command-line sign-in with the program's anonymous session attached (`anon_refresh_token`): the browser's
 * `check` sees it and `claim-anon-session` hands it over once. No route makes anonymous users, so the test
 * turns a signed-up user into one in the database.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import { afterAll, beforeAll } from "vitest"
import { LocalBackend, layer } from "../../../backend/src/server.js"
import { Db } from "../../../backend/src/store/db.js"
import { call } from "../../support/local-backend.js"

let scope: Scope.Closeable | undefined
let context: Context.Context<LocalBackend | Db> | undefined

beforeAll(async () => {
  scope = Effect.runSync(Scope.make())
  context = await Effect.runPromise(
    Layer.buildWithScope(layer({ port: 0, db: "memory", fastPasswordHashing: true }), scope)
  )
})
afterAll(async () => {
  if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
})

const started = () => {
  if (context === undefined) throw new Error("not started")
  return context
}
const running = () => ({ ...Context.get(started(), LocalBackend), stop: () => Promise.resolve() })
const demo = () => ({ ...Context.get(started(), LocalBackend).demoProject })

const signUpAnonymous = async (email: string) => {
  const signedUp = await call(running(), demo(), "POST", "/auth/password/sign-up", {
    body: { email, password: "password-123" }
  })
  assert.strictEqual(signedUp.status, 200, signedUp.text)
  await Effect.runPromise(
    Effect.provide(
      Effect.flatMap(Db, (db) =>
        db.query("update users set is_anonymous = true where project_id = $1 and id = $2", [
          demo().id,
          signedUp.body.user_id
        ])
      ),
      started()
    )
  )
  return signedUp.body as { user_id: string; refresh_token: string }
}

describe("CLI sign-in with an anonymous session", () => {
  it("check says anonymous, claim hands the session over once, and the attempt can still be completed", async () => {
    const anonymous = await signUpAnonymous("cli-anon@example.test")
    const post = (path: string, body: unknown) => call(running(), demo(), "POST", path, { body })
    const attempt = await post("/auth/cli", { anon_refresh_token: anonymous.refresh_token })
    assert.strictEqual(attempt.status, 200, attempt.text)
    const loginCode = attempt.body.login_code

    assert.deepStrictEqual((await post("/auth/cli/complete", { login_code: loginCode, mode: "check" })).body, {
      cli_session_state: "anonymous"
    })
    const claimed = await post("/auth/cli/complete", { login_code: loginCode, mode: "claim-anon-session" })
    assert.strictEqual(claimed.status, 200, claimed.text)
    assert.strictEqual(claimed.body.refresh_token, anonymous.refresh_token)
    assert.isString(claimed.body.access_token)
    const again = await post("/auth/cli/complete", { login_code: loginCode, mode: "claim-anon-session" })
    assert.deepStrictEqual([again.status, again.text], [400, "No anonymous session associated with this code"])
    assert.deepStrictEqual((await post("/auth/cli/complete", { login_code: loginCode, mode: "check" })).body, {
      cli_session_state: "none"
    })
  })

  it("refuses an anonymous refresh token that is unknown or not an anonymous user's", async () => {
    const post = (body: unknown) => call(running(), demo(), "POST", "/auth/cli", { body })
    const unknown = await post({ anon_refresh_token: "nope" })
    assert.deepStrictEqual([unknown.status, unknown.text], [400, "Invalid anon refresh token"])
    const person = await call(running(), demo(), "POST", "/auth/password/sign-up", {
      body: { email: "cli-person@example.test", password: "password-123" }
    })
    const notAnonymous = await post({ anon_refresh_token: person.body.refresh_token })
    assert.deepStrictEqual(
      [notAnonymous.status, notAnonymous.text],
      [400, "The provided refresh token does not belong to an anonymous user"]
    )
  })
})
