/**
 * The webhook deliveries page beside the mailbox (`/webhooks`, backend/src/webhooks/deliveries-page.ts) as a
 * person sees it in Chromium: a project's endpoint (a receiver of the test's) gets a `user.created`; its row
 * shows the event, the endpoint, the attempts, the status, the answer's code and, opened, the payload; "Send
 * again" makes a new attempt that the receiver gets under the same message id, and the row counts it. The page
 * lists every project's deliveries (the run's backend is shared), so the test reads its own row by its id.
 */
import { chromium, type Browser, type Page } from "playwright-core"
import { afterAll, assert, beforeAll, describe, it } from "vitest"
import { useKitBackend } from "../support/local-backend.js"
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js"
import { CHROMIUM_PATH } from "./support/harness.js"
import { lowContrastText } from "./support/contrast.js"

const backend = useKitBackend()
let browser: Browser
let receiver: WebhookReceiver

beforeAll(async () => {
  ;[browser, receiver] = await Promise.all([
    chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", "--no-sandbox", "--disable-gpu"] }),
    startWebhookReceiver()
  ])
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await receiver?.close()
})

interface Delivery {
  readonly id: string
  readonly message_id: string
  readonly attempts: number
}

/** The row's cells as the page shows them: time, event, endpoint, attempts, status, answer. */
const cells = (page: Page, id: string) =>
  page.locator(`tr[data-delivery="${id}"] td`).evaluateAll((tds) => tds.slice(0, 6).map((td) => td.textContent ?? ""))

describe("the webhook deliveries page", () => {
  it("lists a delivery with its event, endpoint, attempts, status, answer and payload; Send again makes a new attempt", async () => {
    const project = await backend.createProject({ displayName: "Deliveries page" })
    const admin = { accessType: "admin" as const }
    const endpoint = await backend.call(project, "POST", "/local-backend/webhooks/endpoints", {
      ...admin,
      body: { url: receiver.url, description: "deliveries page test" }
    })
    assert.strictEqual(endpoint.status, 201, endpoint.text)
    const user = await backend.signUp(project)
    const [first] = await receiver.waitFor(1)
    const listed = (await backend.call(project, "GET", "/local-backend/webhooks/deliveries", admin)).body as {
      readonly items: ReadonlyArray<Delivery & { readonly event_type: string }>
    }
    const delivery = listed.items.find((item) => item.event_type === "user.created")
    assert.isDefined(delivery)
    const id = delivery?.id ?? ""
    assert.strictEqual(first?.headers["svix-id"], delivery?.message_id)

    const page = await browser.newPage()
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto(`${backend.localBackend().url}/webhooks`)
    assert.strictEqual(await page.locator("h1").textContent(), "Webhook deliveries")
    assert.strictEqual(await page.getByRole("link", { name: "Mailbox" }).getAttribute("href"), "/mailbox")
    const [, event, url, attempts, status, answer] = await cells(page, id)
    assert.deepStrictEqual(
      [event, url, attempts, status, answer],
      ["user.created", receiver.url, "1", "succeeded", "200"]
    )

    // The payload, opened: the JSON the receiver got, pretty-printed.
    const row = page.locator(`tr[data-delivery="${id}"]`)
    const payload = row.locator("pre")
    assert.isFalse(await payload.isVisible())
    await row.getByText(delivery?.message_id ?? "").click()
    const shown = JSON.parse((await payload.textContent()) ?? "") as { type: string; data: { id: string } }
    assert.deepStrictEqual(shown, JSON.parse(first?.body ?? ""))
    assert.strictEqual(shown.data.id, user.userId)
    assert.deepStrictEqual(await page.evaluate(lowContrastText, "body"), [])

    // Send again: the receiver gets the message a second time (same id, same body), and the row counts it.
    await Promise.all([page.waitForURL(/\/webhooks$/), row.getByRole("button", { name: "Send again" }).click()])
    const [, again] = await receiver.waitFor(2)
    assert.strictEqual(again?.headers["svix-id"], delivery?.message_id)
    assert.strictEqual(again?.body, first?.body)
    // The attempt is recorded once its answer came back: read the project's list until it says so.
    for (let count = 0; count < 2;) {
      const items = (await backend.call(project, "GET", "/local-backend/webhooks/deliveries", admin)).body as {
        readonly items: ReadonlyArray<Delivery>
      }
      count = items.items.find((item) => item.id === id)?.attempts ?? 0
    }
    await page.reload()
    const [, , , attemptsAfter, statusAfter] = await cells(page, id)
    assert.deepStrictEqual([attemptsAfter, statusAfter], ["2", "succeeded"])
    assert.deepStrictEqual(errors, [])
    await page.close()
  })
})
