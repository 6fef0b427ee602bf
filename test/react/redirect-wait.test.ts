import { afterEach, assert, beforeEach, describe, it, vi } from "vitest"
import { makeRedirects } from "../../src/react/redirect-dedupe.js"
import { REDIRECT_WAIT_MS, redirectWait } from "../../src/react/redirect-wait.js"

// The redirect wait is a browser timer (the navigation it waits for is the browser's), so the test drives
// vitest's fake timers rather than Effect's Clock.
describe("the redirect wait", () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it("is 2000 ms: a redirect resolves then and not a millisecond before, and repeats in between share it", async () => {
    assert.strictEqual(REDIRECT_WAIT_MS, 2000)
    const navigations: Array<string> = []
    const redirect = makeRedirects((url) => void navigations.push(url), redirectWait)
    let resolved = false
    const first = redirect("/handler/sign-in").then(() => void (resolved = true))
    await vi.advanceTimersByTimeAsync(1999)
    assert.isFalse(resolved)
    // Within the wait, the same target shares the navigation under way.
    void redirect("/handler/sign-in")
    await Promise.resolve()
    assert.deepStrictEqual(navigations, ["/handler/sign-in"])
    await vi.advanceTimersByTimeAsync(1)
    await first
    assert.isTrue(resolved)
    // After the wait, the same target navigates again.
    void redirect("/handler/sign-in")
    await Promise.resolve()
    assert.deepStrictEqual(navigations, ["/handler/sign-in", "/handler/sign-in"])
  })
})
