/**
 * The testing kit's failing webhook endpoint (backend/src/testing/webhooks.ts): `failNext` makes the test's
 * receiver refuse deliveries, the backend retries them on Svix's schedule by the test's TestClock (no real wait:
 * the second interval is five minutes), and the endpoint's later events wait behind the refused one, then
 * arrive in order.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/testing/TestClock"
import { ServerUsers } from "../../../src/services/generated/server-users.js"
import { StackTest, uniqueEmail } from "../../../backend/src/testing/index.js"
import type { TestProjectKeys } from "../../../backend/src/testing/project.js"

interface Delivery {
  readonly event_type: string
  readonly status: string
  readonly attempts: number
  readonly created_at_millis: number
  readonly next_attempt_at_millis: number | null
  readonly last_status_code: number | null
}

/** The project's deliveries as the local management API lists them (newest first). */
const deliveries = (project: TestProjectKeys) =>
  Effect.promise(async () => {
    const response = await fetch(`${project.baseUrl}/api/v1/local-backend/webhooks/deliveries`, {
      headers: {
        "x-stack-access-type": "admin",
        "x-stack-project-id": project.projectId,
        "x-stack-publishable-client-key": project.publishableClientKey,
        "x-stack-secret-server-key": project.secretServerKey,
        "x-stack-super-secret-admin-key": project.superSecretAdminKey
      }
    })
    return ((await response.json()) as { readonly items: ReadonlyArray<Delivery> }).items
  })

describe("the testing kit's failing webhook endpoint", () => {
  it.effect(
    "retries a refused delivery as the test's clock reaches Svix's intervals; later events follow in order",
    () =>
      Effect.gen(function* () {
        const stack = yield* StackTest
        // A success is no failure: refused as a mistake of the test.
        assert.isTrue((yield* Effect.exit(stack.webhooks.failNext({ status: 204 })))._tag === "Failure")
        yield* stack.webhooks.failNext({ type: "user.created", times: 2, status: 503 })
        const user = yield* stack.createUser({ email: uniqueEmail("retried") })
        yield* ServerUsers.use((users) => users.update(user.id, { displayName: "Renamed" })).pipe(
          Effect.provide(stack.server)
        )

        const first = yield* stack.webhooks.nextRefused("user.created")
        assert.strictEqual(first.status, 503)
        const [created] = (yield* deliveries(stack.project)).filter((d) => d.event_type === "user.created")
        assert.strictEqual(created?.attempts, 1)
        assert.strictEqual(created?.last_status_code, 503)
        // Svix's first interval, on the test's clock: the attempt was made at the write's time, which stood still.
        assert.strictEqual(created?.next_attempt_at_millis, (created?.created_at_millis ?? 0) + 5_000)
        // The endpoint's next message waits behind the refused one.
        assert.notInclude(
          (yield* stack.webhooks.all).map((event) => event.type),
          "user.updated"
        )

        yield* TestClock.adjust("5 seconds")
        const second = yield* stack.webhooks.nextRefused("user.created")
        assert.strictEqual(second.messageId, first.messageId)
        const [again] = (yield* deliveries(stack.project)).filter((d) => d.event_type === "user.created")
        assert.strictEqual(again?.next_attempt_at_millis, (again?.created_at_millis ?? 0) + 5_000 + 5 * 60_000)

        // Five minutes more of the test's clock, none of real time.
        yield* TestClock.adjust("5 minutes")
        const delivered = yield* stack.webhooks.next("user.created")
        assert.strictEqual(delivered.data.id, user.id)
        const updated = yield* stack.webhooks.next("user.updated")
        assert.strictEqual(updated.data.displayName, "Renamed")
        const types = (yield* stack.webhooks.all).map((event) => event.type)
        assert.deepStrictEqual(
          types.filter((type) => type === "user.created" || type === "user.updated"),
          ["user.created", "user.updated"]
        )
        assert.strictEqual((yield* stack.webhooks.refused).length, 2)
      }).pipe(Effect.provide(StackTest.layer()))
  )
})
