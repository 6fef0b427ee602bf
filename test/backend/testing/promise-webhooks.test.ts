/**
 * The testing kit's webhooks through its Promise API (`startStackTest`): a delivery received and decoded, a
 * refused one retried once the project's time (moved by `advanceTime`) reaches Svix's first interval, and a
 * wait for an event that never comes rejected with the kit's `WebhookTimeout`.
 */
import { assert, describe, it } from "vitest"
import { startStackTest, uniqueEmail, WebhookTimeout } from "../../../backend/src/testing/index.js"

describe("the testing kit's webhooks as Promises", () => {
  it("receives a delivery, and a refused one again once the project's clock reaches the retry", async () => {
    await using test = await startStackTest()
    const user = await test.createUser({ email: uniqueEmail("promise-webhooks") })
    const created = await test.webhooks.next("user.created")
    assert.strictEqual(created.data.id, user.id)
    assert.deepStrictEqual(
      (await test.webhooks.all()).map((event) => event.type),
      ["user.created"]
    )

    await test.webhooks.failNext({ type: "team.created", status: 503 })
    const team = await test.createTeam({ displayName: "Retried" })
    const refused = await test.webhooks.nextRefused("team.created")
    assert.strictEqual(refused.status, 503)
    assert.strictEqual(refused.event.type, "team.created")
    // Svix's first interval is 5 s; while `next` waits, the backend hears the moved time and retries.
    test.advanceTime(5_000)
    const delivered = await test.webhooks.next("team.created")
    assert.strictEqual(delivered.data.id, team.id)
    assert.lengthOf(await test.webhooks.refused(), 1)
  })

  it("rejects a wait for an event that does not come with WebhookTimeout", async () => {
    await using test = await startStackTest()
    const waited = await test.webhooks.next("team.deleted", { timeoutMillis: 200 }).then(
      () => undefined,
      (error: unknown) => error
    )
    assert.instanceOf(waited, WebhookTimeout)
  })
})
