/**
 * Signing-key creation must never freeze the process. Node 20's `generateKeyPairSync` followed by a
 * synchronous JWK export deadlocked the main thread when a garbage collection landed inside it (a
 * fresh backend's first sign-up froze; /health and SIGTERM went unanswered). A child process creates
 * many keys with a tiny young generation, so collections land in nearly every creation, under every
 * Node found on this machine (the test runner's, and the system's when it is another version, which is
 * where the deadlock showed).
 */
import { assert, describe, it } from "@effect/vitest"
import { execFileSync, spawn } from "node:child_process"
import { existsSync, realpathSync } from "node:fs"
import { delimiter, join } from "node:path"
import { fileURLToPath } from "node:url"

const fixture = fileURLToPath(new URL("./fixtures/create-signing-keys.ts", import.meta.url))
// The old code froze before 3,000 keys in 5 of 5 runs under Node 20 (about 1 run in 2 at 1,200).
const KEYS = 3_000
// Only a bound for a frozen child (it never exits on its own); a healthy run takes a few seconds.
const FROZEN_AFTER_MS = 60_000

/** Every distinct Node binary: the runner's own, then each `node` on the PATH. */
const nodeBinaries = (): ReadonlyArray<string> => {
  const found = [process.execPath, ...(process.env["PATH"] ?? "").split(delimiter).map((dir) => join(dir, "node"))]
  const byVersion = new Map<string, string>()
  for (const candidate of found) {
    if (!existsSync(candidate)) continue
    const binary = realpathSync(candidate)
    const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim()
    if (!byVersion.has(version)) byVersion.set(version, binary)
  }
  return [...byVersion.values()]
}

const createKeys = (node: string) =>
  new Promise<{ readonly code: number | null; readonly output: string; readonly frozen: boolean }>((resolve) => {
    const child = spawn(node, ["--max-semi-space-size=1", "--import", "tsx", fixture, String(KEYS)], {
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    let frozen = false
    child.stdout.on("data", (chunk: Buffer) => void (output += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => void (output += chunk.toString()))
    const timer = setTimeout(() => {
      frozen = true
      // SIGTERM is what went unanswered; SIGKILL always ends it.
      child.kill("SIGKILL")
    }, FROZEN_AFTER_MS)
    child.on("exit", (code) => {
      clearTimeout(timer)
      resolve({ code, output, frozen })
    })
  })

describe("signing-key creation under frequent garbage collection", () => {
  for (const node of nodeBinaries()) {
    const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim()
    it(
      `creates ${KEYS} keys without freezing (Node ${version})`,
      async () => {
        const result = await createKeys(node)
        assert.isFalse(result.frozen, `the child froze (no exit after ${FROZEN_AFTER_MS / 1000} s)`)
        assert.strictEqual(result.code, 0, result.output)
        assert.strictEqual(result.output.trim(), `created ${KEYS}`, "every key has its own kid")
      },
      FROZEN_AFTER_MS + 10_000
    )
  }
})
