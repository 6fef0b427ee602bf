/**
 * Fresh data in a real browser (Debian's Chromium, headless) against a local backend: hooks showing the
 * user's name, teams and email addresses update after writes made by plain page code through the
 * provider's runtime, with no hook and no cache helper involved; and `app.signOut` lands on the URL it was
 * given.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { join } from "node:path"
import type { Page } from "playwright-core"
import type { RunningLocalBackend } from "../../backend/src/index.js"
import { kitLocalBackend } from "../support/local-backend.js"
import { type Harness, repoRoot, screenshot, startHarness } from "./support/harness.js"

let harness: Harness
let localBackend: RunningLocalBackend

beforeAll(async () => {
  localBackend = await kitLocalBackend()
  harness = await startHarness(join(repoRoot, "test/browser/pages/fresh-data-page.tsx"))
}, 120_000)

afterAll(async () => {
  await harness?.close()
  await localBackend?.stop()
})

const open = async () => {
  const { page, errors } = await harness.newPage()
  const query = new URLSearchParams({
    api: localBackend.url,
    project: localBackend.project.id,
    key: localBackend.project.publishableClientKey
  })
  await page.goto(`${harness.baseUrl}/?${query}`)
  await page.getByRole("status", { name: "Signed in as" }).waitFor()
  return { page, errors }
}

type Call = "signUp" | "rename" | "createTeam" | "addEmail"
/** Calls `window.stackfx[name](...args)` in the page and waits for its promise. */
const call = (page: Page, name: Call, ...args: ReadonlyArray<string>) =>
  page.evaluate(
    ([name, args]) =>
      (window as unknown as { stackfx: Record<string, (...a: ReadonlyArray<string>) => Promise<void>> }).stackfx[name]!(
        ...args
      ),
    [name, args] as const
  )

const signedInAs = (page: Page) => page.getByRole("status", { name: "Signed in as" }).innerText()
const items = (page: Page, list: string) => page.getByRole("list", { name: list }).getByRole("listitem").allInnerTexts()

let counter = 0
const freshEmail = (who: string) => `${who}-${Date.now().toString(36)}-${++counter}@example.com`

describe("hooks stay fresh after writes made outside them", () => {
  it("useUser, useTeams and useContactChannels show what runtime.runPromise wrote, once its promise resolves", async () => {
    const { page, errors } = await open()
    assert.strictEqual(await signedInAs(page), "Nobody")
    const email = freshEmail("fresh")
    await call(page, "signUp", email, "fresh data password")
    await page.getByRole("list", { name: "Teams" }).waitFor({ state: "attached" })
    assert.strictEqual(await signedInAs(page), "(no name)")

    await call(page, "rename", "Ada Fresh")
    // No waiting: the write's promise resolves once the readers have the new answer.
    assert.strictEqual(await signedInAs(page), "Ada Fresh")

    await call(page, "createTeam", "Analytical Engines")
    assert.include(await items(page, "Teams"), "Analytical Engines")

    const second = freshEmail("second")
    await call(page, "addEmail", second)
    assert.sameMembers(await items(page, "Emails"), [email, second])
    await screenshot(page, "fresh-data", "after-writes")

    // Within the cache's 300 ms throttle of the previous reload: a write still reloads.
    await call(page, "rename", "Ada Fresher")
    await call(page, "rename", "Ada Freshest")
    assert.strictEqual(await signedInAs(page), "Ada Freshest")
    assert.deepStrictEqual(errors, [])
    await page.close()
  }, 120_000)

  it("app.signOut ends the session, then goes to the URL it was given", async () => {
    const { page, errors } = await open()
    await call(page, "signUp", freshEmail("leaving"), "fresh data password")
    await page.getByRole("list", { name: "Teams" }).waitFor({ state: "attached" })
    const landed = page.waitForURL(`${harness.baseUrl}/goodbye?from=test`)
    // Not awaited in the page: the navigation it ends with destroys the context the promise lives in, so
    // awaiting it failed whenever the page left first. A rejection would still land in `errors`.
    await page.evaluate(() => {
      void (window as unknown as { stackfx: { signOutTo: (url: string) => Promise<void> } }).stackfx.signOutTo(
        "/goodbye?from=test"
      )
    })
    await landed
    await page.getByRole("heading", { name: "Goodbye" }).waitFor()
    assert.deepStrictEqual(errors, [])
    await page.close()
  })
})
