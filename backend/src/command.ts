/**
 * The `stackfx` command line: `stackfx dev [--port 8102] [--host 127.0.0.1] [--db ./.stackfx/db |
 * memory | postgres://...]` runs the local backend until interrupted. The first line printed once it
 * answers is `stackfx local backend ready at <url>`; the seeded projects' ids and keys, the base URL, the
 * mailbox URL, where the data is kept and the environment lines of an app on the demo project follow.
 * `stackfx keys rotate --project <id>` rotates a project's signing keys (keys-command.ts).
 * `cli.ts` runs it; this module only defines it, so it can be imported and tested.
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import backendPackage from "../package.json" with { type: "json" }
import { readyBanner } from "./banner.js"
import { normalizePublicUrls } from "./config.js"
import { keysFailure, runKeys } from "./keys-command.js"
import { DEFAULT_DB, DEFAULT_HOST, DEFAULT_PORT, LocalBackend, type LocalBackendOptions } from "./options.js"
import { layer } from "./server.js"
import { explainStartupFailure } from "./startup-failure.js"
import { webhookUrlProblem } from "./operations/webhooks/webhook-endpoints.js"

export const USAGE = `Usage: stackfx dev [options]
       stackfx keys rotate --project <id> [--db <where>]

Runs a local backend that speaks the Stack Auth REST API.

Options:
  --port <n>     port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <addr>  interface to listen on (default ${DEFAULT_HOST})
  --db <where>   "memory", a directory for the embedded database (default ${DEFAULT_DB}),
                 or a postgres:// URL
  --public-url <url>  the URL clients reach this backend at (repeat for each name
                 they use; default: the listening address, or HEXCLAVE_PUBLIC_URL /
                 STACK_PUBLIC_URL, comma-separated). Tokens name it as issuer: set
                 it behind a proxy and on every instance sharing one PostgreSQL
  --access-token-lifetime <seconds>  lifetime of access tokens (default 600)
  --allow-shared-oauth-access-tokens  let shared OAuth providers hand out provider
                 access tokens (hosted: STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true)
  --webhook <url>  deliver the demo project's webhooks to this http(s) URL, signed
                 with the demo webhook secret (repeat for more endpoints)
  --webhook-timeout <ms>  how long a webhook receiver may take to answer (default 15000)
  -h, --help     show this help

stackfx keys rotate promotes a project's next signing keys (stackfx keys --help).
stackfx --version prints the version.`

/** The version of the `stackfx-backend` package this command comes from. */
export const VERSION: string = backendPackage.version

/** The command line did not make sense; the message says why. */
export class UsageError extends Schema.TaggedError<UsageError>()("UsageError", { message: Schema.String }) {}

type Parsed =
  | { readonly command: "help" }
  | { readonly command: "version" }
  | { readonly command: "dev"; readonly options: LocalBackendOptions }
  | { readonly command: "keys"; readonly argv: ReadonlyArray<string> }

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

/** The public URLs of the environment: `HEXCLAVE_PUBLIC_URL`, else `STACK_PUBLIC_URL` (as the clients read theirs). */
const publicUrlsOfEnv = (env: Readonly<Record<string, string | undefined>>): ReadonlyArray<string> => {
  const value = env["HEXCLAVE_PUBLIC_URL"] ?? env["STACK_PUBLIC_URL"]
  return value === undefined || value.trim() === "" ? [] : [value]
}

/** Parses `argv` (without node and the script); `--public-url` falls back to the environment's. */
export const parseArgs = (
  argv: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>> = {}
): Effect.Effect<Parsed, UsageError> =>
  Effect.gen(function* () {
    const [command, ...rest] = argv
    if (command === undefined || command === "-h" || command === "--help" || command === "help")
      return { command: "help" }
    if (command === "-v" || command === "--version" || command === "version") return { command: "version" }
    if (command === "keys") return { command: "keys", argv: rest }
    if (command !== "dev") return yield* Effect.fail(new UsageError({ message: `Unknown command: ${command}` }))
    let options: LocalBackendOptions = {}
    const publicUrls: Array<string> = []
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
        case "--public-url": {
          const checked = normalizePublicUrls(value)
          if (value === undefined || "invalid" in checked || checked.urls.length === 0) {
            return yield* Effect.fail(
              new UsageError({ message: "--public-url needs an http:// or https:// URL (without ? or #)" })
            )
          }
          publicUrls.push(...checked.urls)
          break
        }

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
    const fromEnv = publicUrlsOfEnv(env)
    const chosen = publicUrls.length > 0 ? publicUrls : fromEnv
    if (fromEnv.length > 0 && publicUrls.length === 0 && "invalid" in normalizePublicUrls(fromEnv)) {
      return yield* Effect.fail(
        new UsageError({
          message: "HEXCLAVE_PUBLIC_URL / STACK_PUBLIC_URL needs http:// or https:// URLs, comma-separated"
        })
      )
    }
    return { command: "dev", options: chosen.length === 0 ? options : { ...options, publicUrl: chosen } }
  })

const announce = (db: string, publicUrl: boolean) =>
  Effect.gen(function* () {
    const localBackend = yield* LocalBackend
    for (const line of readyBanner(localBackend, { db, cwd: process.cwd(), publicUrl })) yield* Console.log(line)
    yield* Console.log("Press Ctrl-C to stop.")
  })

/** The whole command: runs until interrupted (Ctrl-C), then closes the server and the database. */
export const run = (argv: ReadonlyArray<string>): Effect.Effect<void> =>
  Effect.gen(function* () {
    const parsed = yield* parseArgs(argv, process.env)
    if (parsed.command === "help") return yield* Console.log(USAGE)
    if (parsed.command === "version") return yield* Console.log(VERSION)
    if (parsed.command === "keys")
      return yield* runKeys(parsed.argv).pipe(
        Effect.catch((error) => {
          const failure = keysFailure(error)
          return fail(failure.line, failure.exitCode)
        })
      )
    const target = { port: parsed.options.port ?? DEFAULT_PORT, host: parsed.options.host ?? DEFAULT_HOST }
    return yield* Layer.launch(
      Layer.effectDiscard(announce(parsed.options.db ?? DEFAULT_DB, parsed.options.publicUrl !== undefined)).pipe(
        Layer.provideMerge(layer(parsed.options))
      )
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
