import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "vitest"
import { enableCompileCache } from "../../../backend/src/testing/compile-cache.js"

/** Runs `enableCompileCache` on `env` with an enabler that records the folder instead of turning Node's cache on. */
const enabled = (env: NodeJS.ProcessEnv): ReadonlyArray<string> => {
  const folders: Array<string> = []
  enableCompileCache(env, (folder) => folders.push(folder))
  return folders
}

describe("the kit's compile cache", () => {
  it("names Node's default folder to the workers when the run named none, and turns it on here", () => {
    const env: NodeJS.ProcessEnv = {}
    const folders = enabled(env)
    assert.strictEqual(env["NODE_COMPILE_CACHE"], join(tmpdir(), "node-compile-cache"))
    assert.deepStrictEqual(folders, [join(tmpdir(), "node-compile-cache")])
  })

  it("keeps a folder the run chose", () => {
    const env: NodeJS.ProcessEnv = { NODE_COMPILE_CACHE: join(tmpdir(), "chosen-by-the-run") }
    const folders = enabled(env)
    assert.strictEqual(env["NODE_COMPILE_CACHE"], join(tmpdir(), "chosen-by-the-run"))
    assert.deepStrictEqual(folders, [join(tmpdir(), "chosen-by-the-run")])
  })

  it("leaves the environment alone when Node's own switch turns the cache off", () => {
    const env: NodeJS.ProcessEnv = { NODE_DISABLE_COMPILE_CACHE: "1" }
    const folders = enabled(env)
    assert.deepStrictEqual(env, { NODE_DISABLE_COMPILE_CACHE: "1" })
    assert.deepStrictEqual(folders, [])
  })
})
