import { assert, describe, it } from "@effect/vitest"
import { makeRedirects } from "../../src/react/redirect-dedupe.js"

/** A redirect wait the test ends by hand. */
const manualWait = () => {
  const ends: Array<() => void> = []
  return {
    wait: () => new Promise<void>((resolve) => ends.push(resolve)),
    endAll: () => ends.splice(0).forEach((end) => end())
  }
}

describe("the provider's redirects", () => {
  it("share one navigation for the same URL within the wait", async () => {
    const visited: Array<string> = []
    const timer = manualWait()
    const redirect = makeRedirects((url) => visited.push(url), timer.wait)
    const first = redirect("/handler/sign-in?after_auth_return_to=%2F")
    const second = redirect("/handler/sign-in?after_auth_return_to=%2F")
    assert.strictEqual(first, second)
    // Not during the call (a render): in a microtask after it.
    assert.deepStrictEqual(visited, [])
    await Promise.resolve()
    assert.deepStrictEqual(visited, ["/handler/sign-in?after_auth_return_to=%2F"])
    timer.endAll()
    await first
  })

  it("navigate at once to another URL within the wait (a person's next click is not dropped)", async () => {
    const visited: Array<string> = []
    const timer = manualWait()
    const redirect = makeRedirects((url) => visited.push(url), timer.wait)
    const signIn = redirect("/handler/sign-in")
    const signUp = redirect("/handler/sign-up")
    await Promise.resolve()
    assert.deepStrictEqual(visited, ["/handler/sign-in", "/handler/sign-up"])
    // Back to the first URL: the pending one is now sign-up, so this is a new navigation too.
    void redirect("/handler/sign-in")
    await Promise.resolve()
    assert.deepStrictEqual(visited, ["/handler/sign-in", "/handler/sign-up", "/handler/sign-in"])
    timer.endAll()
    await Promise.all([signIn, signUp])
  })

  it("navigate again to the same URL once the wait is over", async () => {
    const visited: Array<string> = []
    const timer = manualWait()
    const redirect = makeRedirects((url) => visited.push(url), timer.wait)
    const first = redirect("/handler/sign-out")
    timer.endAll()
    await first
    void redirect("/handler/sign-out")
    await Promise.resolve()
    assert.deepStrictEqual(visited, ["/handler/sign-out", "/handler/sign-out"])
    timer.endAll()
  })
})
