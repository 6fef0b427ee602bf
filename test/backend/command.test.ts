import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { parseArgs } from "../../backend/src/command.js"
import { parseKeysArgs } from "../../backend/src/keys-command.js"
import { DEFAULT_DB } from "../../backend/src/options.js"

describe("stackfx command line", () => {
  it.effect("parses dev options, in both --flag value and --flag=value forms", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* parseArgs(["dev"]), { command: "dev", options: {} })
      assert.deepStrictEqual(yield* parseArgs(["dev", "--port", "0", "--host=0.0.0.0", "--db", "memory"]), {
        command: "dev",
        options: { port: 0, host: "0.0.0.0", db: "memory" }
      })
      assert.deepStrictEqual(yield* parseArgs(["dev", "--db=postgres://u@h/db", "--access-token-lifetime", "30"]), {
        command: "dev",
        options: { db: "postgres://u@h/db", accessTokenLifetimeSeconds: 30 }
      })
      assert.deepStrictEqual(yield* parseArgs(["dev", "--allow-shared-oauth-access-tokens", "--port", "0"]), {
        command: "dev",
        options: { allowSharedOAuthAccessTokens: true, port: 0 }
      })
      assert.deepStrictEqual(yield* parseArgs([]), { command: "help" })
      assert.deepStrictEqual(yield* parseArgs(["dev", "--help"]), { command: "help" })
    })
  )

  it.effect("takes public URLs from --public-url (repeatable), else HEXCLAVE_PUBLIC_URL, else STACK_PUBLIC_URL", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(
        yield* parseArgs(["dev", "--public-url", "https://auth.example.com/", "--public-url=http://10.0.0.5:8102"], {
          HEXCLAVE_PUBLIC_URL: "https://ignored.example.com"
        }),
        { command: "dev", options: { publicUrl: ["https://auth.example.com", "http://10.0.0.5:8102"] } }
      )
      assert.deepStrictEqual(
        yield* parseArgs(["dev"], {
          HEXCLAVE_PUBLIC_URL: "https://a.example.com, https://b.example.com",
          STACK_PUBLIC_URL: "https://old.example.com"
        }),
        { command: "dev", options: { publicUrl: ["https://a.example.com, https://b.example.com"] } }
      )
      assert.deepStrictEqual(yield* parseArgs(["dev"], { STACK_PUBLIC_URL: "https://old.example.com" }), {
        command: "dev",
        options: { publicUrl: ["https://old.example.com"] }
      })
      for (const argv of [
        ["dev", "--public-url"],
        ["dev", "--public-url", "ftp://example.com"],
        ["dev", "--public-url", "https://example.com/?x=1"]
      ]) {
        assert.strictEqual((yield* Effect.flip(parseArgs(argv)))._tag, "UsageError", argv.join(" "))
      }
      const fromEnv = yield* Effect.flip(parseArgs(["dev"], { HEXCLAVE_PUBLIC_URL: "not a url" }))
      assert.strictEqual(fromEnv._tag, "UsageError")
    })
  )

  it.effect("refuses unknown commands, unknown options and bad numbers", () =>
    Effect.gen(function* () {
      for (const argv of [
        ["serve"],
        ["dev", "--verbose"],
        ["dev", "--port", "-1"],
        ["dev", "--port", "1.5"],
        ["dev", "--port"],
        ["dev", "--db"],
        ["dev", "--port", "70000"],
        ["dev", "--host", ""],
        ["dev", "--db="]
      ]) {
        const error = yield* Effect.flip(parseArgs(argv))
        assert.strictEqual(error._tag, "UsageError", argv.join(" "))
      }
    })
  )
})

describe("stackfx keys", () => {
  it.effect("hands what follows keys to its own parser, which needs rotate and --project", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* parseArgs(["keys", "rotate", "--project", "p"]), {
        command: "keys",
        argv: ["rotate", "--project", "p"]
      })
      assert.deepStrictEqual(yield* parseKeysArgs(["rotate", "--project", "p", "--db=postgres://u@h/db"]), {
        command: "rotate",
        projectId: "p",
        db: "postgres://u@h/db"
      })
      assert.deepStrictEqual(yield* parseKeysArgs(["rotate", "--project=p"]), {
        command: "rotate",
        projectId: "p",
        db: DEFAULT_DB
      })
      assert.deepStrictEqual(yield* parseKeysArgs([]), { command: "help" })
      for (const argv of [["spin"], ["rotate"], ["rotate", "--project"], ["rotate", "--project", "p", "--port", "1"]]) {
        const error = yield* Effect.flip(parseKeysArgs(argv))
        assert.strictEqual(error._tag, "KeysUsageError", argv.join(" "))
      }
    })
  )
})
