import * as Module from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "vitest"
import { enableCompileCache } from "../../../backend/src/testing/compile-cache.js"

describe("the kit's compile cache", () => {
  it("names Node's default folder to the workers when the run named none, and turns it on here", () => {
    const env: NodeJS.ProcessEnv = {}
    enableCompileCache(env)
    assert.strictEqual(env["NODE_COMPILE_CACHE"], join(tmpdir(), "node-compile-cache"))
    // This process's cache may have been on before (the run's global setup): on either way.
    assert.isDefined(Module.getCompileCacheDir())
  })

  it("keeps a folder the run chose", () => {
    const env: NodeJS.ProcessEnv = { NODE_COMPILE_CACHE: join(tmpdir(), "chosen-by-the-run") }
    enableCompileCache(env)
    assert.strictEqual(env["NODE_COMPILE_CACHE"], join(tmpdir(), "chosen-by-the-run"))
  })

  it("leaves the environment alone when Node's own switch turns the cache off", () => {
    const env: NodeJS.ProcessEnv = { NODE_DISABLE_COMPILE_CACHE: "1" }
    enableCompileCache(env)
    assert.deepStrictEqual(env, { NODE_DISABLE_COMPILE_CACHE: "1" })
  })
})
