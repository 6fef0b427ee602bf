/** The implementation of {@link CliLogin}, loaded on first use (see lazy-service.ts); its table is cli-login-calls.ts. */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Pull from "effect/Pull"
import * as Schedule from "effect/Schedule"
import { CliAuthApi } from "../../contract/cli-auth.js"
import { CliLoginCodeInvalid, CliLoginExpired, CliLoginTimedOut, CliLoginUsed } from "../../errors/client/cli-login.js"
import { NotSignedIn } from "../../errors/client/session.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { Session } from "../session/session.js"
import { cliAuthConfirmUrl } from "./cli-confirm-url.js"
import type { CliLoginOptions, CliLoginWaitOptions } from "./cli-login.js"
import { CliLoginCalls, pollOf } from "./cli-login-calls.js"

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
