/**
 * The members of {@link CliLogin}: `start` and `poll` are calls of the declared endpoints
 * (contract/cli-auth.ts); `waitFor`, `login` and `complete` are written over them (cli-login-live.ts).
 */
import type * as Effect from "effect/Effect"
import { CliAuthApi } from "../../contract/cli-auth.js"
import { session } from "../../contract/data-keys.js"
import type { CliAuthAttempt, CliAuthPollAnswer } from "../../domain/cli-auth.js"
import type {
  CliLoginCodeInvalid,
  CliLoginExpired,
  CliLoginTimedOut,
  CliLoginUsed
} from "../../errors/client/cli-login.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { NotSignedIn } from "../../errors/client/session.js"
import type { CallFailureAt } from "../http/call.js"
import { custom, functionCall } from "../http/service-calls.js"
import type { CliLoginAttempt, CliLoginOptions, CliLoginPoll, CliLoginWaitOptions } from "./cli-login.js"

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
