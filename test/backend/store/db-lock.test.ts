/**
 * One backend per database folder: a second one on the same folder would silently lose writes. The
 * lock names its holder; the lock of a process that is gone is taken over.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { hostname, tmpdir } from "node:os"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import { lockFileOf, lockFolder } from "../../../backend/src/store/folder-lock.js"
import { runCli, stopCli } from "../../support/cli.js"

const withTempDir = <A>(use: (dir: string) => Promise<A>): Promise<A> =>
  mkdtemp(join(tmpdir(), "stackfx-lock-")).then((dir) =>
    use(dir).finally(() => rm(dir, { recursive: true, force: true }))
  )

/** The id of a process that has exited (so no live process has it, barring reuse within the test). */
const deadPid = () =>
  new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" })
    child.on("error", reject)
    child.on("exit", () => (child.pid === undefined ? reject(new Error("no pid")) : resolve(child.pid)))
  })

describe("database folder lock", () => {
  it("refuses a second holder and names the folder and the holding process; released on close", () =>
    withTempDir(async (dir) => {
      const folder = join(dir, "db")
      const first = await Effect.runPromise(Scope.make())
      await Effect.runPromise(Scope.provide(lockFolder(folder), first))
      const error = await Effect.runPromise(Effect.flip(Effect.scoped(lockFolder(folder))))
      assert.strictEqual(error._tag, "DatabaseFolderInUse")
      if (error._tag !== "DatabaseFolderInUse") return
      assert.strictEqual(error.pid, process.pid)
      assert.strictEqual(error.folder, folder)
      assert.include(error.message, folder)
      assert.include(error.message, `process ${process.pid}`)
      assert.notInclude(error.message, "\n")
      await Effect.runPromise(Scope.close(first, Exit.void))
      assert.isFalse(existsSync(lockFileOf(folder)), "closing removes the lock")
      await Effect.runPromise(Effect.scoped(lockFolder(folder)))
    }))

  it("takes over the lock of a process that is gone, and of a file it cannot read", () =>
    withTempDir(async (dir) => {
      const folder = join(dir, "db")
      for (const leftover of [JSON.stringify({ pid: await deadPid(), host: hostname() }), '{"pid": 12']) {
        await writeFile(lockFileOf(folder), leftover)
        const scope = await Effect.runPromise(Scope.make())
        await Effect.runPromise(Scope.provide(lockFolder(folder), scope))
        assert.deepStrictEqual(JSON.parse(await readFile(lockFileOf(folder), "utf8")), {
          pid: process.pid,
          host: hostname()
        })
        await Effect.runPromise(Scope.close(scope, Exit.void))
      }
    }))

  it("counts a holder on another host as alive (its process cannot be checked from here)", () =>
    withTempDir(async (dir) => {
      const folder = join(dir, "db")
      await writeFile(lockFileOf(folder), JSON.stringify({ pid: await deadPid(), host: `not-${hostname()}` }))
      const error = await Effect.runPromise(Effect.flip(Effect.scoped(lockFolder(folder))))
      assert.strictEqual(error._tag, "DatabaseFolderInUse")
      assert.include(error.message, `on not-${hostname()}`)
    }))

  it(
    "a second `stackfx dev` on one folder exits 1 with one line; after the first is killed, the folder is taken over",
    () =>
      withTempDir(async (dir) => {
        const folder = join(dir, "db")
        const first = runCli(["dev", "--port", "0", "--db", folder])
        try {
          await first.ready
          const second = runCli(["dev", "--port", "0", "--db", folder])
          const started = await Promise.race([
            second.ready.then(
              () => true,
              () => false
            ),
            second.exited.then(() => false)
          ])
          if (started) await stopCli(second)
          assert.isFalse(started, "a second backend started on the same folder")
          assert.strictEqual(await second.exited, 1, second.output())
          assert.strictEqual(
            second.stderr().trim(),
            `stackfx: The database folder ${folder} is in use by another stackfx backend (process ${first.child.pid}); stop it or use another --db (if no backend runs there, delete ${folder}.lock).`
          )
        } finally {
          // SIGKILL: no finalizer runs, the lock file stays behind, as after a crash.
          first.child.kill("SIGKILL")
          await first.exited
        }
        assert.isTrue(existsSync(lockFileOf(folder)), "the killed backend left its lock")
        const third = runCli(["dev", "--port", "0", "--db", folder])
        try {
          await third.ready
        } finally {
          await stopCli(third)
        }
        assert.isFalse(existsSync(lockFileOf(folder)), "a clean stop removes the lock")
      }),
    180_000
  )
})
