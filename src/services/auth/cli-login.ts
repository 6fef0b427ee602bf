/**
 * Signing a command-line program in through the browser (every tier), as the hosted service and the
 * official SDK's `promptCliLogin` do it:
 *
 * 1. the program starts an attempt (`start`): a polling code it keeps and a login code for a URL;
 * 2. the person opens `cliAuthConfirmUrl(loginCode, { appUrl })` (cli-confirm-url.ts), the app's
 *    `cli-auth-confirm` handler page, signs in there if they have to, and confirms (`complete`, which hands
 *    the attempt the browser session's refresh token);
 * 3. the program polls (`poll`, or `waitFor` on a schedule) until the attempt answers `success` with that
 *    refresh token, or `expired` / `used`.
 *
 * `login` does all three on the program's side and signs the tier in with the token (stored in its token
 * store, e.g. a custom store writing a file), so the program's next calls are the person's.
 *
 * @example
 * const program = Effect.gen(function*() {
 *   yield* (yield* CliLogin).login({ appUrl: "https://app.example" })   // prints the URL, waits
 *   const me = yield* (yield* CurrentUser).get
 *   console.log(`Signed in as ${me?.primaryEmail}`)
 * })
 */
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Console from "effect/Console"
import * as Pull from "effect/Pull"
import { caller, type CallFailureAt, custom, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { Session } from "../session/session.js"
import { CliAuthApi } from "../../contract/cli-auth.js"
import { session } from "../../contract/data-keys.js"
import type { CliAuthAttempt, CliAuthPollAnswer } from "../../domain/cli-auth.js"
import { CliLoginCodeInvalid, CliLoginExpired, CliLoginTimedOut, CliLoginUsed } from "../../errors/client/cli-login.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import { NotSignedIn } from "../../errors/client/session.js"
import { cliAuthConfirmUrl } from "./cli-confirm-url.js"

/** A started attempt: the polling code stays with the program, the login code goes in the URL. */
export interface CliLoginAttempt {
  readonly pollingCode: string
  readonly loginCode: string
  readonly expiresAt: Date
}

/** One poll's answer; `success` carries the refresh token, handed out once. */
export type CliLoginPoll =
  | { readonly status: "waiting" }
  | { readonly status: "success"; readonly refreshToken: string }
  | { readonly status: "expired" }
  | { readonly status: "used" }

/** How `login` and `waitFor` poll. */
export interface CliLoginWaitOptions {
  /**
   * When to poll again while the attempt is waiting; default every two seconds (the official SDK's wait)
   * until the attempt expires. A schedule that ends first (e.g. `Schedule.upTo({ times: 30 })`) ends the
   * wait with `CliLoginTimedOut`.
   */
  readonly schedule?: Schedule.Schedule<unknown, CliLoginPoll> | undefined
}

/** What `login` takes. */
export interface CliLoginOptions extends CliLoginWaitOptions {
  /** The app whose handler shows the confirm page, e.g. `https://app.example`. */
  readonly appUrl: string
  /** The handler's path in that app; default `/handler`. */
  readonly handlerPath?: string | undefined
  /** Lifetime of the attempt; default two minutes, at most fifteen (the service's limits since April 2026). */
  readonly expiresInMillis?: number | undefined
  /**
   * Shows the person where to confirm; default: the login code and the URL on the console, as the official
   * SDK prints them.
   */
  readonly prompt?: ((url: string, loginCode: string) => Effect.Effect<void>) | undefined
}

/** The program has no session yet (or one it is replacing), and the browser's is sent as a body field. */
const noSession = { withSession: false } as const

/** One poll's answer for the program. */
export const pollOf = (answer: CliAuthPollAnswer): CliLoginPoll =>
  answer.status === "success" && answer.refreshToken !== undefined
    ? { status: "success", refreshToken: answer.refreshToken }
    : // A success without a token is not one the program can use; the attempt is spent all the same.
      answer.status === "success"
      ? { status: "used" }
      : { status: answer.status }

type PollFailure = CallFailureAt<typeof CliAuthApi.poll, "client">

/** Sign-in for command-line programs through the browser. */
export const CliLoginCalls = {
  /** Starts an attempt (`POST /auth/cli`). */
  start: functionCall(
    CliAuthApi.start,
    "client",
    (options: { readonly expiresInMillis?: number | undefined } = {}) => ({
      body: options.expiresInMillis === undefined ? {} : { expiresInMillis: options.expiresInMillis },
      options: noSession
    }),
    (answer: CliAuthAttempt): CliLoginAttempt => ({
      pollingCode: answer.pollingCode,
      loginCode: answer.loginCode,
      expiresAt: new Date(answer.expiresAt)
    })
  ),
  /** One poll (`POST /auth/cli/poll`); an unknown polling code is `InvalidPollingCode`. */
  poll: functionCall(
    CliAuthApi.poll,
    "client",
    (pollingCode: string) => ({ body: { pollingCode }, options: noSession }),
    pollOf
  ),
  /** Polls on the schedule until the attempt is confirmed (its refresh token), expired or used. */
  waitFor:
    custom<
      (
        attempt: Pick<CliLoginAttempt, "pollingCode">,
        options?: CliLoginWaitOptions
      ) => Effect.Effect<string, CliLoginExpired | CliLoginUsed | CliLoginTimedOut | PollFailure>
    >("function"),
  /**
   * The program's whole side: starts an attempt, prompts with the confirm URL, waits, and signs this tier in
   * with the refresh token (its token store keeps it). Answers the refresh token.
   */
  login: custom<
    (
      options: CliLoginOptions
    ) => Effect.Effect<
      string,
      | InvalidInput
      | CliLoginExpired
      | CliLoginUsed
      | CliLoginTimedOut
      | CallFailureAt<typeof CliAuthApi.start, "client">
      | PollFailure
    >
  >("function", session),
  /**
   * The browser's side: confirms the attempt of `loginCode` for the signed-in person, handing it this
   * session's refresh token (so the program shares the session: signing out here signs it out too).
   */
  complete:
    custom<
      (
        loginCode: string
      ) => Effect.Effect<void, NotSignedIn | CliLoginCodeInvalid | CallFailureAt<typeof CliAuthApi.complete, "client">>
    >("function")
}

/** The official SDK's wait between polls. */
const DEFAULT_POLL_INTERVAL = "2 seconds"

const defaultPrompt = (url: string, loginCode: string) =>
  Console.log(`Your verification code: ${loginCode}\nPlease visit the following URL to authenticate:\n${url}`)

export const makeCliLogin = implement(
  CliLoginCalls,
  Effect.gen(function* () {
    const transport = yield* Transport
    const session = yield* Session
    // `start` and `poll` as the custom members use them (the table's members announce changes of their own).
    const start = (expiresInMillis: number | undefined) =>
      Effect.map(
        caller(
          transport,
          CliAuthApi.start,
          "client"
        )({
          body: expiresInMillis === undefined ? {} : { expiresInMillis },
          options: { withSession: false }
        }),
        (answer) => ({ pollingCode: answer.pollingCode, loginCode: answer.loginCode })
      )
    const pollCall = caller(transport, CliAuthApi.poll, "client")
    const poll = (pollingCode: string) =>
      Effect.map(pollCall({ body: { pollingCode }, options: { withSession: false } }), pollOf)
    const completeCall = caller(transport, CliAuthApi.complete, "client")

    const waitFor = (attempt: { readonly pollingCode: string }, options: CliLoginWaitOptions = {}) =>
      Effect.gen(function* () {
        // Stepped by hand rather than with `Effect.repeat`: that one lives in effect's core module, which every
        // program loads first, and would bring the schedule machinery into the first load of every app.
        const next = yield* Schedule.toStepWithSleep(options.schedule ?? Schedule.spaced(DEFAULT_POLL_INTERVAL))
        let answer = yield* poll(attempt.pollingCode)
        // Until the attempt leaves `waiting`: the service answers `expired` once its time is up, so the default
        // schedule needs no deadline of its own.
        while (answer.status === "waiting") {
          yield* Pull.catchDone(next(answer), () =>
            Effect.fail(new CliLoginTimedOut({ message: "Timed out waiting for CLI authentication." }))
          )
          answer = yield* poll(attempt.pollingCode)
        }
        switch (answer.status) {
          case "success":
            return answer.refreshToken
          case "expired":
            return yield* Effect.fail(
              new CliLoginExpired({ message: "CLI authentication request expired. Please try again." })
            )
          default:
            return yield* Effect.fail(new CliLoginUsed({ message: "This authentication token has already been used." }))
        }
      })

    const login = (options: CliLoginOptions) =>
      Effect.gen(function* () {
        const attempt = yield* start(options.expiresInMillis)
        const url = yield* cliAuthConfirmUrl(attempt.loginCode, {
          appUrl: options.appUrl,
          handlerPath: options.handlerPath
        })
        yield* (options.prompt ?? defaultPrompt)(url, attempt.loginCode)
        const refreshToken = yield* waitFor(attempt, { schedule: options.schedule })
        // Only the refresh token comes back: the session mints an access token with its first call.
        yield* session.setTokens({ accessToken: null, refreshToken })
        return refreshToken
      })

    const complete = (loginCode: string) =>
      Effect.gen(function* () {
        const state = yield* session.state
        const refreshToken = state._tag === "Active" ? state.refreshToken : null
        if (refreshToken === null) {
          return yield* Effect.fail(new NotSignedIn({ message: "Sign in before confirming a command-line sign-in." }))
        }
        yield* completeCall({
          body: { loginCode, mode: "complete", refreshToken },
          options: { withSession: false }
        }).pipe(
          // An unknown, expired or completed login code is a plain 400 from the service, not a known error.
          Effect.catchIf(
            (error) => error._tag === "HttpError" && error.status === 400,
            (error) => Effect.fail(new CliLoginCodeInvalid({ message: error._tag === "HttpError" ? error.body : "" }))
          )
        )
      })

    return { waitFor, login, complete }
  })
)
