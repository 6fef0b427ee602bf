/**
 * A server's writes of a user as the service's users route takes them (`users/crud.tsx` at 2f719903): any
 * password up to 70 characters (a sign-up's 8-character minimum is not the server's), and the primary e-mail's
 * `primary_email_auth_enabled` apart from `auth_with_email` (which only says a password or OTP method exists).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { expectStatus, type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { serverTierOn } from "../support/clients.js"

const backend = useKitBackend()

const server = (project: TestProject) => serverTierOn(backend, project)

const signIn = (project: TestProject, email: string, password: string) =>
  backend.call(project, "POST", "/auth/password/sign-in", { body: { email, password } })

describe("a server's password on a user", () => {
  it.live("sets a password shorter than a sign-up's minimum, which then signs in", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject({ config: { credential_enabled: true } }))
      const email = uniqueEmail("short-password")
      const user = yield* ServerUsers.use((users) =>
        users.create({ primaryEmail: email, primaryEmailAuthEnabled: true, password: "testing" })
      ).pipe(Effect.provide(server(project)))
      assert.isTrue(user.hasPassword)
      expectStatus(yield* Effect.promise(() => signIn(project, email, "testing")), 200)

      // An update takes one too, and the old one stops working.
      yield* ServerUsers.use((users) => users.update(user.id, { password: "abc" })).pipe(
        Effect.provide(server(project))
      )
      expectStatus(yield* Effect.promise(() => signIn(project, email, "abc")), 200)
      const old = yield* Effect.promise(() => signIn(project, email, "testing"))
      assert.strictEqual(old.knownError, "EMAIL_PASSWORD_MISMATCH")
    })
  )

  it("refuses more than 70 characters as a schema error, on create and update", async () => {
    const project = await backend.createProject()
    const created = expectStatus(
      await backend.call(project, "POST", "/users", {
        accessType: "server",
        body: { primary_email: uniqueEmail(), password: "p".repeat(70) }
      }),
      201
    )
    for (const [method, path] of [
      ["POST", "/users"],
      ["PATCH", `/users/${created.body.id}`]
    ] as const) {
      const long = await backend.call(project, method, path, {
        accessType: "server",
        body: { password: "p".repeat(71) }
      })
      assert.strictEqual(long.status, 400, `${method} ${path}`)
      assert.strictEqual(long.knownError, "SCHEMA_ERROR")
    }
  })
})

describe("primary_email_auth_enabled and auth_with_email", () => {
  it("turning the primary e-mail's sign-in off leaves auth_with_email to the password and OTP methods", async () => {
    const project = await backend.createProject({ config: { credential_enabled: true } })
    const user = await backend.signUp(project)
    const me = (body?: unknown) =>
      backend.call(project, body === undefined ? "GET" : "PATCH", "/users/me", {
        accessType: "server",
        accessToken: user.accessToken,
        ...(body === undefined ? {} : { body })
      })
    const before = expectStatus(await me(), 200).body
    assert.isTrue(before.primary_email_auth_enabled)
    assert.isTrue(before.auth_with_email)

    const off = expectStatus(await me({ primary_email_auth_enabled: false }), 200).body
    assert.isFalse(off.primary_email_auth_enabled)
    assert.isTrue(off.auth_with_email)
    const read = expectStatus(await me(), 200).body
    assert.isFalse(read.primary_email_auth_enabled)
    assert.isTrue(read.auth_with_email)
    // The address no longer signs in with the password.
    const refused = await signIn(project, user.email, user.password)
    assert.strictEqual(refused.knownError, "EMAIL_PASSWORD_MISMATCH")

    // Without a password or OTP method it is false, whatever the primary e-mail says.
    const noPassword = expectStatus(await me({ password: null, primary_email_auth_enabled: true }), 200).body
    assert.isTrue(noPassword.primary_email_auth_enabled)
    assert.isFalse(noPassword.has_password)
    assert.isFalse(noPassword.auth_with_email)
  })
})
