/**
 * `GET /emails/outbox` and `GET /emails/outbox/{id}` over HTTP (server access): the messages a project sent,
 * newest first, in the service's shape (`emails/outbox/crud.tsx` at 2f719903), paged from a message on, filtered
 * by state, a message the project's SMTP server refused a `server-error`; and what the service refuses.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  type CallResult,
  expectStatus,
  type TestProject,
  uniqueEmail,
  useKitBackend
} from "../support/local-backend.js"

const backend = useKitBackend()
const server = { accessType: "server" as const }
const CALLBACK = "http://localhost:3000/handler/magic-link-callback"

const outbox = (project: TestProject, query = ""): Promise<CallResult> =>
  backend.call(project, "GET", `/emails/outbox${query}`, server)

const sendSignInCode = async (project: TestProject, email: string) =>
  expectStatus(
    await backend.call(project, "POST", "/auth/otp/send-sign-in-code", { body: { email, callback_url: CALLBACK } }),
    200
  )

describe("GET /emails/outbox", () => {
  it("lists the project's messages newest first, in the service's shape, a page at a time", async () => {
    const project = await backend.createProject({ config: { magic_link_enabled: true, credential_enabled: true } })
    const user = await backend.signUp(project)
    const stranger = uniqueEmail("stranger")
    await sendSignInCode(project, stranger)
    expectStatus(
      await backend.call(project, "POST", "/auth/password/send-reset-code", {
        body: { email: user.email, callback_url: "http://localhost:3000/handler/password-reset" }
      }),
      200
    )

    const all = expectStatus(await outbox(project), 200).body
    assert.isTrue(all.is_paginated)
    assert.isNull(all.pagination.next_cursor)
    const toUser = all.items.find((m: { subject: string }) => m.subject.includes("Reset"))
    const toStranger = all.items.find((m: { subject: string }) => m.subject.includes("Sign in to"))
    assert.isAtLeast(toUser.created_at_millis, toStranger.created_at_millis)
    assert.deepStrictEqual(toUser.to, { type: "user-custom-emails", user_id: user.userId, emails: [user.email] })
    assert.deepStrictEqual(toStranger.to, { type: "custom-emails", emails: [stranger] })
    assert.deepInclude(toStranger, {
      status: "sent",
      simple_status: "ok",
      has_rendered: true,
      has_delivered: true,
      is_paused: false,
      created_with: "programmatic-call",
      is_high_priority: true,
      is_transactional: true,
      send_retries: 0,
      send_attempt_errors: null,
      can_have_delivery_info: false
    })
    assert.include(toStranger.subject, "Sign in to")
    assert.isString(toStranger.html)
    assert.isString(toStranger.tsx_source)
    assert.isNotEmpty(toStranger.tsx_source)

    // One at a time: each page's cursor is the next page's first message.
    const first = expectStatus(await outbox(project, "?limit=1"), 200).body
    assert.lengthOf(first.items, 1)
    assert.strictEqual(first.items[0].id, all.items[0].id)
    const second = expectStatus(await outbox(project, `?limit=1&cursor=${first.pagination.next_cursor}`), 200).body
    assert.strictEqual(second.items[0].id, all.items[1].id)

    // Filters read as the service reads them; one message by id.
    assert.strictEqual(expectStatus(await outbox(project, "?status=SENT"), 200).body.items.length, all.items.length)
    assert.lengthOf(expectStatus(await outbox(project, "?simple_status=error"), 200).body.items, 0)
    const one = expectStatus(await backend.call(project, "GET", `/emails/outbox/${toUser.id}`, server), 200).body
    assert.deepStrictEqual(one, toUser)

    // Another project's outbox does not hold them.
    const other = await backend.createProject()
    const elsewhere = expectStatus(await outbox(other), 200).body
    assert.isFalse(elsewhere.items.some((m: { id: string }) => m.id === toUser.id))
    const notHere = await backend.call(other, "GET", `/emails/outbox/${toUser.id}`, server)
    assert.strictEqual(notHere.status, 404)
    assert.strictEqual(notHere.text, "Email not found")
  })

  it("shows a message the project's SMTP server refused as a server error", async () => {
    const project = await backend.createProject({
      config: {
        magic_link_enabled: true,
        // Nothing listens on port 1: the relay fails at once.
        email_config: {
          type: "standard",
          host: "127.0.0.1",
          port: 1,
          username: "user",
          password: "secret",
          sender_name: "Test",
          sender_email: "noreply@example.com"
        }
      }
    })
    const email = uniqueEmail("refused")
    await sendSignInCode(project, email)
    const failed = expectStatus(await outbox(project, "?status=server-error"), 200).body.items
    assert.lengthOf(failed, 1)
    assert.deepInclude(failed[0], { status: "server-error", simple_status: "error", has_delivered: false })
    assert.isString(failed[0].server_error)
    assert.isNumber(failed[0].error_at_millis)
    assert.notInclude(failed[0].server_error, "secret")
  })

  it("refuses what the service refuses", async () => {
    const project = await backend.createProject()
    for (const [query, text] of [
      ["?limit=0", "Invalid limit parameter"],
      ["?limit=abc", "Invalid limit parameter"],
      ["?limit=101", "Limit cannot exceed 100"]
    ] as const) {
      const refused = await outbox(project, query)
      assert.strictEqual(refused.status, 400, query)
      assert.strictEqual(refused.text, text)
    }
    for (const refused of [
      await outbox(project, "?cursor=not-a-uuid"),
      await outbox(project, "?unknown=1"),
      await backend.call(project, "GET", "/emails/outbox/not-a-uuid", server)
    ]) {
      assert.strictEqual(refused.knownError, "SCHEMA_ERROR")
    }
    assert.strictEqual(
      (await backend.call(project, "GET", "/emails/outbox", { accessType: "client" })).knownError,
      "INSUFFICIENT_ACCESS_TYPE"
    )
    // A cursor naming no message of the project: an empty page.
    const none = expectStatus(await outbox(project, "?cursor=00000000-0000-4000-8000-000000000000"), 200).body
    assert.deepStrictEqual(none.items, [])
  })
})
