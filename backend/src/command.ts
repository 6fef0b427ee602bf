/**
 * The `stackfx` command line: `stackfx dev [--port 8102] [--host 127.0.0.1] [--db ./.stackfx/db |
 * memory | postgres://...]` runs the local backend until interrupted. The first line printed once it
 * answers is `stackfx local backend ready at <url>`; the seeded projects' ids and keys, the base URL, the
 * mailbox URL, where the data is kept and the environment lines of an app on the demo project follow.
 * `cli.ts` runs it; this module only defines it, so it can be imported and tested.
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import backendPackage from "../package.json" with { type: "json" }
import { readyBanner } from "./banner.js"
import { DEFAULT_DB, DEFAULT_HOST, DEFAULT_PORT, LocalBackend, type LocalBackendOptions } from "./options.js"
import { layer } from "./server.js"
import { explainStartupFailure } from "./startup-failure.js"
import { webhookUrlProblem } from "./operations/webhooks/webhook-endpoints.js"

export const USAGE = `Usage: stackfx dev [options]

Runs a local backend that speaks the Stack Auth REST API.

Options:
  --port <n>     port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <addr>  interface to listen on (default ${DEFAULT_HOST})
  --db <where>   "memory", a directory for the embedded database (default ${DEFAULT_DB}),
                 or a postgres:// URL
  --access-token-lifetime <seconds>  lifetime of access tokens (default 600)
  --allow-shared-oauth-access-tokens  let shared OAuth providers hand out provider
                 access tokens (hosted: STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true)
  --webhook <url>  deliver the demo project's webhooks to this http(s) URL, signed
                 with the demo webhook secret (repeat for more endpoints)
  --webhook-timeout <ms>  how long a webhook receiver may take to answer (default 15000)
  -h, --help     show this help

stackfx --version prints the version.`

/** The version of the `stackfx-backend` package this command comes from. */
export const VERSION: string = backendPackage.version

/** The command line did not make sense; the message says why. */
export class UsageError extends Schema.TaggedError<UsageError>()("UsageError", { message: Schema.String }) {}

type Parsed =
  | { readonly command: "help" }
  | { readonly command: "version" }
  | { readonly command: "dev"; readonly options: LocalBackendOptions }

const parseNumber = (flag: string, value: string | undefined, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(value)
  return value === undefined || value.trim() === "" || !Number.isInteger(n) || n < 0 || n > max
    ? Effect.fail(
        new UsageError({
          message:
            max === Number.MAX_SAFE_INTEGER
              ? `${flag} needs a non-negative whole number`
              : `${flag} needs a whole number from 0 to ${max}`
        })
      )
    : Effect.succeed(n)
}

const MAX_PORT = 65_535

/** Parses `argv` (without node and the script). */
export const parseArgs = (argv: ReadonlyArray<string>): Effect.Effect<Parsed, UsageError> =>
  Effect.gen(function* () {
    const [command, ...rest] = argv
    if (command === undefined || command === "-h" || command === "--help" || command === "help")
      return { command: "help" }
    if (command === "-v" || command === "--version" || command === "version") return { command: "version" }
    if (command !== "dev") return yield* Effect.fail(new UsageError({ message: `Unknown command: ${command}` }))
    let options: LocalBackendOptions = {}
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i] ?? ""
      if (arg === "-h" || arg === "--help") return { command: "help" }
      // A switch: it takes no value.
      if (arg === "--allow-shared-oauth-access-tokens") {
        options = { ...options, allowSharedOAuthAccessTokens: true }
        continue
      }
      const [flag, inline] =
        arg.startsWith("--") && arg.includes("=")
          ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
          : [arg, undefined]
      const value = inline ?? rest[++i]
      switch (flag) {
        case "--port":
          options = { ...options, port: yield* parseNumber("--port", value, MAX_PORT) }
          break
        case "--host":
          if (value === undefined || value.trim() === "")
            return yield* Effect.fail(new UsageError({ message: "--host needs a value" }))
          options = { ...options, host: value }
          break
        case "--db":
          if (value === undefined || value.trim() === "")
            return yield* Effect.fail(new UsageError({ message: "--db needs a value" }))
          options = { ...options, db: value }
          break
        case "--webhook": {
          const problem = value === undefined ? "needs a URL" : webhookUrlProblem(value)
          if (value === undefined || problem !== undefined)
            return yield* Effect.fail(new UsageError({ message: `--webhook ${problem ?? ""}` }))
          options = { ...options, webhooks: [...(options.webhooks ?? []), value] }
          break
        }
        case "--webhook-timeout":
          options = { ...options, webhookTimeoutMillis: yield* parseNumber("--webhook-timeout", value) }
          break
        case "--access-token-lifetime":
          options = { ...options, accessTokenLifetimeSeconds: yield* parseNumber("--access-token-lifetime", value) }
          break
        default:
          return yield* Effect.fail(new UsageError({ message: `Unknown option: ${arg}` }))
      }
    }
    return { command: "dev", options }
  })

const announce = (db: string) =>
  Effect.gen(function* () {
    const localBackend = yield* LocalBackend
    for (const line of readyBanner(localBackend, { db, cwd: process.cwd() })) yield* Console.log(line)
    yield* Console.log("Press Ctrl-C to stop.")
  })

/** The whole command: runs until interrupted (Ctrl-C), then closes the server and the database. */
export const run = (argv: ReadonlyArray<string>): Effect.Effect<void> =>
  Effect.gen(function* () {
    const parsed = yield* parseArgs(argv)
    if (parsed.command === "help") return yield* Console.log(USAGE)
    if (parsed.command === "version") return yield* Console.log(VERSION)
    const target = { port: parsed.options.port ?? DEFAULT_PORT, host: parsed.options.host ?? DEFAULT_HOST }
    return yield* Layer.launch(
      Layer.effectDiscard(announce(parsed.options.db ?? DEFAULT_DB)).pipe(Layer.provideMerge(layer(parsed.options)))
    ).pipe(
      // A start-up failure is a situation to explain in one line (exit 1), not a stack trace.
      Effect.catch((error) => fail(explainStartupFailure(error, target), 1))
    )
  }).pipe(
    // A usage error too is one line (exit 2); `--help` shows the options.
    Effect.catchTag("UsageError", (error) => fail(`${error.message} (stackfx --help lists the options)`, 2))
  )

const fail = (line: string, exitCode: number) =>
  Effect.andThen(
    Console.error(`stackfx: ${line}`),
    Effect.sync(() => {
      process.exitCode = exitCode
    })
  )
