/** The implementation of {@link CliLogin}, loaded on first use (see lazy-service.ts). */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Pull from "effect/Pull"
import * as Schedule from "effect/Schedule"
import {
  CliAuthAttempt,
  CliAuthCompleteRequest,
  CliAuthPollAnswer,
  CliAuthPollRequest,
  CliAuthStartRequest
} from "../../domain/cli-auth.js"
import { SuccessResponse } from "../../domain/success.js"
import { CliLoginCodeInvalid, CliLoginExpired, CliLoginTimedOut, CliLoginUsed } from "../../errors/client/cli-login.js"
import { NotSignedIn } from "../../errors/client/session.js"
import { announcing } from "../changes/data-changes.js"
import { cliLoginChanges } from "../changes/write-keys.js"
import { documented } from "../http/endpoint.js"
import { jsonBody, Transport } from "../http/transport.js"
import { encodeBuilt, encodeInput } from "../http/wire-codec.js"
import { Session } from "../session/session.js"
import { cliAuthConfirmUrl } from "./cli-confirm-url.js"
import { type CliLoginOptions, type CliLoginPoll, type CliLoginShape, type CliLoginWaitOptions } from "./cli-login.js"
import { CliLoginErrors } from "./cli-login-errors.js"

/** The official SDK's wait between polls. */
const DEFAULT_POLL_INTERVAL = "2 seconds"

const encodeStart = encodeInput(CliAuthStartRequest)
const encodePoll = encodeBuilt(CliAuthPollRequest)
const encodeComplete = encodeBuilt(CliAuthCompleteRequest)

const defaultPrompt = (url: string, loginCode: string) =>
  Console.log(`Your verification code: ${loginCode}\nPlease visit the following URL to authenticate:\n${url}`)

export const makeCliLogin: Effect.Effect<CliLoginShape, never, Transport | Session> = announcing(
  cliLoginChanges,
  Effect.gen(function*() {
    const transport = yield* Transport
    const session = yield* Session
    // The program has no session yet (or one it is replacing), and the browser's is sent as a body field:
    // none of these calls carries the tier's tokens.
    const post = (path: string, body: unknown) => ({ method: "POST" as const, path, body: jsonBody(body), withSession: false })

    const start = (options: { readonly expiresInMillis?: number | undefined } = {}) =>
      encodeStart(options.expiresInMillis === undefined ? {} : { expiresInMillis: options.expiresInMillis }).pipe(
        Effect.flatMap((body) => transport.requestJson(post("/auth/cli", body), CliAuthAttempt)),
        Effect.map((answer) => ({
          pollingCode: answer.pollingCode,
          loginCode: answer.loginCode,
          expiresAt: new Date(answer.expiresAt)
        })),
        documented(...CliLoginErrors.start)
      )

    const poll = (pollingCode: string) =>
      encodePoll({ pollingCode }).pipe(
        Effect.flatMap((body) => transport.requestJson(post("/auth/cli/poll", body), CliAuthPollAnswer)),
        Effect.map((answer): CliLoginPoll =>
          answer.status === "success" && answer.refreshToken !== undefined
            ? { status: "success", refreshToken: answer.refreshToken }
            // A success without a token is not one the program can use; the attempt is spent all the same.
            : answer.status === "success" ? { status: "used" } : { status: answer.status }
        ),
        documented(...CliLoginErrors.poll)
      )

    const waitFor = (attempt: { readonly pollingCode: string }, options: CliLoginWaitOptions = {}) =>
      Effect.gen(function*() {
        // Stepped by hand rather than with `Effect.repeat`: that one lives in effect's core module, which every
        // program loads first, and would bring the schedule machinery into the first load of every app.
        const next = yield* Schedule.toStepWithSleep(options.schedule ?? Schedule.spaced(DEFAULT_POLL_INTERVAL))
        let answer = yield* poll(attempt.pollingCode)
        // Until the attempt leaves `waiting`: the service answers `expired` once its time is up, so the default
        // schedule needs no deadline of its own.
        while (answer.status === "waiting") {
          yield* Pull.catchDone(next(answer), () =>
            Effect.fail(new CliLoginTimedOut({ message: "Timed out waiting for CLI authentication." })))
          answer = yield* poll(attempt.pollingCode)
        }
        switch (answer.status) {
          case "success":
            return answer.refreshToken
          case "expired":
            return yield* Effect.fail(new CliLoginExpired({ message: "CLI authentication request expired. Please try again." }))
          default:
            return yield* Effect.fail(new CliLoginUsed({ message: "This authentication token has already been used." }))
        }
      }).pipe(documented(...CliLoginErrors.waitFor))

    const login = (options: CliLoginOptions) =>
      Effect.gen(function*() {
        const attempt = yield* start({ expiresInMillis: options.expiresInMillis })
        const url = yield* cliAuthConfirmUrl(attempt.loginCode, { appUrl: options.appUrl, handlerPath: options.handlerPath })
        yield* (options.prompt ?? defaultPrompt)(url, attempt.loginCode)
        const refreshToken = yield* waitFor(attempt, { schedule: options.schedule })
        // Only the refresh token comes back: the session mints an access token with its first call.
        yield* session.setTokens({ accessToken: null, refreshToken })
        return refreshToken
      }).pipe(documented(...CliLoginErrors.login))

    const complete = (loginCode: string) =>
      Effect.gen(function*() {
        const state = yield* session.state
        const refreshToken = state._tag === "Active" ? state.refreshToken : null
        if (refreshToken === null) {
          return yield* Effect.fail(new NotSignedIn({ message: "Sign in before confirming a command-line sign-in." }))
        }
        const body = yield* encodeComplete({ loginCode, mode: "complete", refreshToken })
        yield* transport.requestJson(post("/auth/cli/complete", body), SuccessResponse).pipe(
          // An unknown, expired or completed login code is a plain 400 from the service, not a known error.
          Effect.catchIf(
            (error) => error._tag === "HttpError" && error.status === 400,
            (error) => Effect.fail(new CliLoginCodeInvalid({ message: error._tag === "HttpError" ? error.body : "" }))
          )
        )
      }).pipe(documented(...CliLoginErrors.complete))

    return { start, poll, waitFor, login, complete } satisfies CliLoginShape
  })
)
