/**
 * Sign-in for command-line programs (`/auth/cli`), every access type and without a signed-in caller: the
 * program starts an attempt and polls it, the browser completes it with its session's refresh token.
 */
import * as Schema from "effect/Schema"
import {
  CliAuthAttempt,
  CliAuthCompleteRequest,
  CliAuthPollAnswer,
  CliAuthPollRequest,
  CliAuthStartRequest
} from "../domain/cli-auth.js"
import { SuccessResponse } from "../domain/success.js"
import { wireStruct } from "../domain/wire.js"
import { ALL } from "./access.js"
import { endpoint } from "./declaration.js"

/**
 * The answer of `POST /auth/cli/complete` for each mode: `complete` a success, `check` whether the program
 * attached an anonymous session, `claim-anon-session` that session's tokens.
 */
export const CliAuthCompleteAnswer = Schema.Union([
  SuccessResponse,
  wireStruct({ cliSessionState: Schema.Literals(["anonymous", "none"]) }),
  wireStruct({ accessToken: Schema.String, refreshToken: Schema.String })
])

export const CliAuthApi = {
  start: endpoint({
    name: "cliAuth.start",
    summary: "Starts a command-line sign-in: a polling code for the program, a login code for the browser",
    method: "POST",
    path: "/auth/cli",
    access: ALL,
    body: CliAuthStartRequest,
    success: CliAuthAttempt,
    errors: []
  }),
  poll: endpoint({
    name: "cliAuth.poll",
    summary: "Where an attempt stands; `success` (201, once) hands over the refresh token",
    method: "POST",
    path: "/auth/cli/poll",
    access: ALL,
    body: CliAuthPollRequest,
    success: CliAuthPollAnswer,
    // The hosted service answers the one success with 201, every other status with 200.
    status: (answer: CliAuthPollAnswer) => (answer.status === "success" ? 201 : 200),
    errors: ["InvalidPollingCode"]
  }),
  complete: endpoint({
    name: "cliAuth.complete",
    summary: "The browser's side: completes an attempt with a refresh token, or checks or claims its anonymous session",
    method: "POST",
    path: "/auth/cli/complete",
    access: ALL,
    body: CliAuthCompleteRequest,
    success: CliAuthCompleteAnswer,
    // An unknown, expired or completed login code is a plain 400, not a known error.
    errors: []
  })
}
