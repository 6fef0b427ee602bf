/**
 * `stackfx/server`'s webhook verifier runs where an edge runtime runs it: bundled for a platform with no Node
 * built-ins (esbuild's `neutral`, under the `worker` and `browser` export conditions edge bundlers use) and
 * evaluated in a fresh V8 context that has only the Web globals such runtimes give (`crypto`, `TextEncoder`,
 * `Request`, ...), not `process`, `Buffer` or `require`. There it accepts a delivery signed as the service signs
 * one and refuses a forged one.
 */
import { fileURLToPath } from "node:url"
import { createContext, runInContext } from "node:vm"
import * as esbuild from "esbuild"
import { Webhook } from "standardwebhooks"
import { assert, describe, it } from "vitest"

const entry = fileURLToPath(new URL("../../../src/server/index.ts", import.meta.url))

/**
 * The entry and effect's runner in one bundle (one copy of effect, as an app's bundle has), as one script that
 * leaves their exports on `globalThis.server`.
 */
const bundleForTheEdge = async (): Promise<string> => {
  const result = await esbuild.build({
    stdin: {
      contents: `export * from ${JSON.stringify(entry)}\nexport { runPromiseExit } from "effect/Effect"`,
      resolveDir: process.cwd()
    },
    bundle: true,
    write: false,
    format: "iife",
    globalName: "server",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["worker", "browser", "import"],
    target: "es2022",
    logLevel: "silent"
  })
  const file = result.outputFiles[0]
  if (file === undefined) throw new Error("esbuild produced nothing")
  return file.text
}

/** A context with the Web platform's globals only. */
const edgeContext = () =>
  createContext({
    crypto: globalThis.crypto,
    TextEncoder,
    TextDecoder,
    Request,
    Response,
    Headers,
    URL,
    atob,
    btoa,
    console,
    setTimeout,
    clearTimeout,
    queueMicrotask
  })

interface EdgeServer {
  readonly verifyWebhook: (
    delivery: { readonly body: string; readonly headers: Record<string, string> },
    secret: string
  ) => unknown
  readonly runPromiseExit: (effect: unknown) => Promise<{ readonly _tag: string; readonly value?: { type: string } }>
}

describe("verifyWebhook on an edge runtime", () => {
  it("bundles without Node built-ins and verifies a delivery in a context of Web globals only", async () => {
    const script = await bundleForTheEdge()
    assert.notMatch(script, /\brequire\(["']node:/)
    const context = edgeContext()
    runInContext(script, context)
    assert.strictEqual(
      runInContext("typeof process + typeof Buffer + typeof require", context),
      "undefinedundefinedundefined"
    )
    const server = (context as { server: EdgeServer }).server

    const secret = `whsec_${btoa("a secret of the edge test, 32 bytes!")}`
    const body = JSON.stringify({ type: "team.deleted", data: { id: "2e9a3a4e-3f5c-4a36-9d36-2b2f0c0e5d11" } })
    const id = "msg_edge"
    const at = new Date()
    const headers = {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, body)
    }
    const accepted = await server.runPromiseExit(server.verifyWebhook({ body, headers }, secret))
    assert.strictEqual(accepted._tag, "Success")
    assert.strictEqual(accepted.value?.type, "team.deleted")
    const forged = await server.runPromiseExit(
      server.verifyWebhook({ body: body.replace("deleted", "created"), headers }, secret)
    )
    assert.strictEqual(forged._tag, "Failure")
  }, 60_000)
})
