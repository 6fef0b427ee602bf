/**
 * The OAuth code verifier's cookie under the official SDK's two names (`hexclave-oauth-outer-<state>`, and
 * `stack-oauth-outer-<state>` from before the service's rename): a callback finds it under either, and
 * consuming it deletes both.
 */
import { assert, describe, it } from "vitest"
import { consumeVerifier, saveVerifier } from "../../../src/services/oauth/oauth-cookie.js"

const STATE = "s".repeat(43)

/** `document.cookie`: reads list the jar, a write with Max-Age=0 deletes. */
const jarOf = (cookies: Record<string, string>) => {
  const jar = new Map(Object.entries(cookies))
  return {
    jar,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join("; ")
    },
    set cookie(line: string) {
      const [pair = ""] = line.split(";")
      const name = pair.slice(0, pair.indexOf("="))
      if (/max-age=0/i.test(line)) jar.delete(name)
      else jar.set(name, pair.slice(pair.indexOf("=") + 1))
    }
  }
}

describe("the OAuth verifier cookie", () => {
  it("is found under either name, and consuming it deletes both", () => {
    for (const name of [`hexclave-oauth-outer-${STATE}`, `stack-oauth-outer-${STATE}`]) {
      const doc = jarOf({ [name]: "the-verifier", "hexclave-oauth-outer-other": "theirs" })
      assert.strictEqual(consumeVerifier(doc, STATE, false), "the-verifier", name)
      assert.deepStrictEqual([...doc.jar.keys()], ["hexclave-oauth-outer-other"])
      assert.isUndefined(consumeVerifier(doc, STATE, false), "a code is redeemed once")
    }
  })

  it("is saved under both names", () => {
    const doc = jarOf({})
    saveVerifier(doc, STATE, "v", true)
    assert.deepStrictEqual(Object.fromEntries(doc.jar), {
      [`hexclave-oauth-outer-${STATE}`]: "v",
      [`stack-oauth-outer-${STATE}`]: "v"
    })
  })
})
