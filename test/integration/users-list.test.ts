/**
 * `GET /users` as the service lists since April 2026 (issue 28, §2): by the latest activity, without given
 * e-mail domains, at most 1,000 a page (and no unlimited list of more), `next_cursor` the page's last id.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { serverTierOn } from "../support/clients.js"
import { expectStatus, type TestProject, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const list = (project: TestProject, options: Parameters<(typeof ServerUsers.Service)["list"]>[0]) =>
  ServerUsers.use((users) => users.list(options)).pipe(Effect.provide(serverTierOn(backend, project)))

const createUser = (project: TestProject, email: string) =>
  Effect.promise(async () =>
    expectStatus(
      await backend.call(project, "POST", "/users", { accessType: "server", body: { primary_email: email } }),
      201
    )
  ).pipe(Effect.map((answer): string => answer.body.id))

describe("GET /users", () => {
  it.live("orders by the latest activity; next_cursor is the page's last id and the next page starts after it", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const first = yield* Effect.promise(() => backend.signUp(project))
      const second = yield* Effect.promise(() => backend.signUp(project))
      const third = yield* Effect.promise(() => backend.signUp(project))
      // A refresh makes the first user the most recently active.
      yield* Effect.promise(async () =>
        expectStatus(
          await backend.call(project, "POST", "/auth/sessions/current/refresh", { refreshToken: first.refreshToken }),
          200
        )
      )
      const page = yield* list(project, { orderBy: "lastActiveAt", desc: true, limit: 2 })
      assert.deepStrictEqual(
        page.items.map((u) => u.id),
        [first.userId, third.userId]
      )
      assert.strictEqual(page.nextCursor, third.userId)
      const rest = yield* list(project, {
        orderBy: "lastActiveAt",
        desc: true,
        limit: 2,
        cursor: page.nextCursor ?? ""
      })
      assert.deepStrictEqual(
        rest.items.map((u) => u.id),
        [second.userId]
      )
      assert.isNull(rest.nextCursor)
      const bySignUp = yield* list(project, { limit: 2 })
      assert.deepStrictEqual(
        bySignUp.items.map((u) => u.id),
        [first.userId, second.userId]
      )
      assert.strictEqual(bySignUp.nextCursor, second.userId)
    })
  )

  it.live("leaves out primary e-mails at exact excluded domains, and refuses what is not a domain", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const kept = yield* createUser(project, "ann@mail.corp.test")
      yield* createUser(project, "bob@corp.test")
      yield* createUser(project, "CAROL@Other.test")
      const noEmail = yield* Effect.promise(async () =>
        expectStatus(await backend.call(project, "POST", "/users", { accessType: "server", body: {} }), 201)
      )
      const page = yield* list(project, { excludedEmailDomains: ["@Corp.test", " other.test "] })
      assert.deepStrictEqual(
        page.items.map((u) => u.id),
        [kept, noEmail.body.id]
      )
      const refused = yield* Effect.promise(() =>
        backend.call(project, "GET", "/users?excluded_email_domains=not_a_domain", { accessType: "server" })
      )
      assert.strictEqual(refused.status, 400)
      assert.strictEqual(refused.text, "excluded_email_domains must be a comma-separated list of valid domains")
      const many = Array.from({ length: 101 }, (_, i) => `d${i}.test`).join(",")
      const tooMany = yield* Effect.promise(() =>
        backend.call(project, "GET", `/users?excluded_email_domains=${many}`, { accessType: "server" })
      )
      assert.strictEqual(tooMany.text, "excluded_email_domains cannot contain more than 100 domains")
    })
  )

  it.live("takes at most 1,000 a page", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const over = yield* Effect.promise(() =>
        backend.call(project, "GET", "/users?limit=1001", { accessType: "server" })
      )
      assert.strictEqual(over.knownError, "SCHEMA_ERROR")
      const refusedHere = yield* Effect.flip(list(project, { limit: 1001 }))
      assert.strictEqual(refusedHere._tag, "InvalidInput")
    })
  )
})
