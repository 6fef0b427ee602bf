/**
 * Webhooks end to end against the run's backend: every event type the service sends reaches a project's
 * endpoint after the write that causes it, in order, signed so that the `svix` package's `Webhook.verify`
 * (unchanged) and stackfx's `verifyWebhook` both accept it; and the refusals of `verifyWebhook`.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { Webhook as StandardWebhook } from "standardwebhooks"
import { Webhook as SvixWebhook } from "svix"
import { WEBHOOK_EVENT_TYPES } from "../../src/domain/webhook-event.js"
import { verifyWebhook, verifyWebhookRequest } from "../../src/services/app-server/verify-webhook.js"
import { expectStatus, type TestProject, useKitBackend } from "../support/local-backend.js"
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js"

const backend = useKitBackend()
let receiver: WebhookReceiver
beforeAll(async () => {
  receiver = await startWebhookReceiver()
})
afterAll(() => receiver.close())

const admin = (project: TestProject, method: string, path: string, body?: unknown) =>
  backend.call(project, method, path, { accessType: "admin", body })
const server = (project: TestProject, method: string, path: string, body?: unknown) =>
  backend.call(project, method, path, { accessType: "server", body })

const errorTag = <A, E extends { readonly _tag: string }>(effect: Effect.Effect<A, E>) => {
  const exit = Effect.runSyncExit(effect)
  return Exit.isFailure(exit) && exit.cause.reasons[0]?._tag === "Fail" ? exit.cause.reasons[0].error._tag : "none"
}

describe("webhooks", () => {
  it("delivers every event type in order, verified by svix's Webhook.verify and by verifyWebhook", async () => {
    const project = await backend.createProject({
      config: { create_team_on_sign_up: false, team_member_default_permissions: [] }
    })
    const refused = await admin(project, "POST", "/local-backend/webhooks/endpoints", { url: "ftp://example.com/x" })
    expectStatus(refused, 400)
    const created = expectStatus(
      await admin(project, "POST", "/local-backend/webhooks/endpoints", { url: receiver.url }),
      201
    ).body as { id: string; secret: string }
    assert.match(created.secret, /^whsec_/)
    const listed = expectStatus(await admin(project, "GET", "/local-backend/webhooks/endpoints"), 200)
    assert.notInclude(listed.text, created.secret, "the secret is answered once, never listed")

    expectStatus(await admin(project, "POST", "/team-permission-definitions", { id: "editor" }), 201)
    expectStatus(await admin(project, "POST", "/project-permission-definitions", { id: "billing" }), 201)
    const user = await backend.signUp(project)
    const u = user.userId
    expectStatus(await server(project, "PATCH", `/users/${u}`, { display_name: "Ann" }), 200)
    const team = expectStatus(await server(project, "POST", "/teams", { display_name: "Lab" }), 201).body as {
      id: string
    }
    const t = team.id
    expectStatus(await server(project, "PATCH", `/teams/${t}`, { display_name: "Lab 2" }), 200)
    expectStatus(await server(project, "POST", `/team-memberships/${t}/${u}`, {}), 201)
    expectStatus(await server(project, "POST", `/team-permissions/${t}/${u}/editor`, {}), 201)
    expectStatus(await server(project, "DELETE", `/team-permissions/${t}/${u}/editor`), 200)
    expectStatus(await server(project, "POST", `/project-permissions/${u}/billing`, {}), 201)
    expectStatus(await server(project, "DELETE", `/project-permissions/${u}/billing`), 200)
    expectStatus(await server(project, "DELETE", `/team-memberships/${t}/${u}`), 200)
    const other = expectStatus(await server(project, "POST", "/teams", { display_name: "Gone" }), 201).body as {
      id: string
    }
    expectStatus(await server(project, "POST", `/team-memberships/${other.id}/${u}`, {}), 201)
    expectStatus(await server(project, "DELETE", `/teams/${t}`), 200)
    expectStatus(await server(project, "DELETE", `/users/${u}`), 200)
    const test = expectStatus(
      await admin(project, "POST", "/internal/send-test-webhook", { endpoint_id: created.id }),
      200
    )
    assert.deepStrictEqual(test.body, { success: true })

    const expected = [
      "user.created",
      "user.updated",
      "team.created",
      "team.updated",
      "team_membership.created",
      "team_permission.created",
      "team_permission.deleted",
      "project_permission.created",
      "project_permission.deleted",
      "team_membership.deleted",
      "team.created",
      "team_membership.created",
      "team.deleted",
      "team_membership.deleted",
      "user.deleted",
      "stack.test"
    ]
    const deliveries = await receiver.waitFor(expected.length)
    const svix = new SvixWebhook(created.secret)
    const types: Array<string> = []
    for (const delivery of deliveries) {
      const headers = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]))
      const bySvix = svix.verify(delivery.body, headers) as { type: string; data: unknown }
      const event = await Effect.runPromise(
        verifyWebhook({ body: delivery.body, headers: delivery.headers }, created.secret)
      )
      assert.strictEqual(event.type, bySvix.type)
      types.push(event.type)
    }
    assert.deepStrictEqual(types, expected)
    assert.sameMembers([...new Set(types)], [...WEBHOOK_EVENT_TYPES])

    const first = deliveries[0]!
    const createdUser = JSON.parse(first.body) as { data: { id: string; primary_email: string; server_metadata: null } }
    assert.strictEqual(createdUser.data.id, u, "data is the user in the server view")
    assert.strictEqual(createdUser.data.primary_email, user.email)
    assert.property(createdUser.data, "server_metadata")
    const deleted = JSON.parse(deliveries.at(-2)!.body) as { data: unknown }
    assert.deepStrictEqual(deleted.data, { id: u, teams: [{ id: other.id }] })

    const listedDeliveries = expectStatus(await admin(project, "GET", "/local-backend/webhooks/deliveries"), 200)
      .body as { items: ReadonlyArray<{ status: string; attempts: number; last_status_code: number }> }
    assert.lengthOf(listedDeliveries.items, expected.length)
    for (const item of listedDeliveries.items)
      assert.deepStrictEqual([item.status, item.attempts, item.last_status_code], ["succeeded", 1, 200])
  })

  it("verifyWebhook refuses a bad signature, a stale timestamp and an unknown type; the Request form reads the body", async () => {
    const secret = `whsec_${Buffer.from("a-secret-of-twenty-four-b").toString("base64")}`
    const signer = new StandardWebhook(secret)
    const signed = (body: string, at: Date) => ({
      "svix-id": "msg_1",
      "svix-timestamp": String(Math.floor(at.getTime() / 1000)),
      "svix-signature": signer.sign("msg_1", at, body)
    })
    const body = JSON.stringify({ type: "team.deleted", data: { id: "t1" } })
    const ok = await Effect.runPromise(verifyWebhook({ body, headers: signed(body, new Date()) }, secret))
    assert.deepStrictEqual(ok, { type: "team.deleted", data: { id: "t1" } })
    const request = new Request("http://app.test/hooks", { method: "POST", body, headers: signed(body, new Date()) })
    assert.strictEqual((await Effect.runPromise(verifyWebhookRequest(request, secret))).type, "team.deleted")

    assert.strictEqual(
      errorTag(verifyWebhook({ body: body.replace("t1", "t2"), headers: signed(body, new Date()) }, secret)),
      "WebhookSignatureInvalid"
    )
    assert.strictEqual(errorTag(verifyWebhook({ body, headers: {} }, secret)), "WebhookSignatureInvalid")
    const stale = new Date(Date.now() - 10 * 60 * 1000)
    assert.strictEqual(
      errorTag(verifyWebhook({ body, headers: signed(body, stale) }, secret)),
      "WebhookTimestampOutsideWindow"
    )
    const unknown = JSON.stringify({ type: "user.renamed", data: {} })
    assert.strictEqual(
      errorTag(verifyWebhook({ body: unknown, headers: signed(unknown, new Date()) }, secret)),
      "WebhookUnknownEventType"
    )
    assert.strictEqual(
      errorTag(verifyWebhook({ body, headers: signed(body, new Date()) }, "not-a-secret!")),
      "WebhookSecretInvalid"
    )
  })
})
