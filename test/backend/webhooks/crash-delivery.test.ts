/**
 * At least once across a crash: the backend is killed (SIGKILL) while the delivery of a committed write is in
 * flight, unanswered; after a restart on the same database the event is delivered, under the same message id
 * (which receivers drop repeats by). `stackfx dev --webhook` makes the demo project's endpoint, signed with the
 * public demo secret.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Webhook } from "svix"
import { DEMO_PROJECT_KEYS } from "../../../src/domain/local-keys.js"
import { DEMO_WEBHOOK_SECRET } from "../../../src/domain/webhook-endpoint.js"
import { type CliRun, freePort, runCli, stopCli } from "../../support/cli.js"
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver.js"

let receiver: WebhookReceiver
let folder: string
beforeAll(async () => {
  receiver = await startWebhookReceiver()
  folder = mkdtempSync(join(tmpdir(), "stackfx-webhooks-"))
})
afterAll(async () => {
  await receiver.close()
  rmSync(folder, { recursive: true, force: true })
})

const start = (port: number): CliRun =>
  runCli(["dev", "--port", String(port), "--db", folder, "--webhook", receiver.url, "--webhook-timeout", "300"])

describe("webhook delivery across a crash", () => {
  it(
    "a delivery in flight when the backend is killed is delivered after the restart",
    { timeout: 120_000 },
    async () => {
      const port = await freePort()
      receiver.hold = true
      const first = start(port)
      const url = await first.ready
      const email = `crash-${Date.now()}@example.com`
      const signUp = await fetch(`${url}/api/v1/auth/password/sign-up`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-stack-access-type": "client",
          "x-stack-project-id": DEMO_PROJECT_KEYS.projectId,
          "x-stack-publishable-client-key": DEMO_PROJECT_KEYS.publishableClientKey
        },
        body: JSON.stringify({ email, password: "correct horse battery" })
      })
      assert.strictEqual(signUp.status, 200, await signUp.text())
      // The write committed and its delivery is in flight: the receiver holds it unanswered. Kill the backend now.
      const [inFlight] = await receiver.waitFor(1)
      first.child.kill("SIGKILL")
      await first.exited
      receiver.hold = false

      const second = start(port)
      await second.ready
      const [, again] = await receiver.waitFor(2)
      await stopCli(second)

      const svix = new Webhook(DEMO_WEBHOOK_SECRET)
      const headers = (d: typeof again) =>
        Object.fromEntries(Object.entries(d!.headers).map(([k, v]) => [k, String(v)]))
      const before = svix.verify(inFlight!.body, headers(inFlight)) as { type: string; data: { primary_email: string } }
      const after = svix.verify(again!.body, headers(again)) as { type: string; data: { primary_email: string } }
      assert.strictEqual(after.type, "user.created")
      assert.strictEqual(after.data.primary_email, email)
      assert.deepStrictEqual(after, before)
      assert.strictEqual(again!.headers["svix-id"], inFlight!.headers["svix-id"], "the same message id")
    }
  )
})
