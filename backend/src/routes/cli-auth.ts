/**
 * Sign-in for command-line programs: `POST /auth/cli` (start), `POST /auth/cli/poll` and
 * `POST /auth/cli/complete`, every access type, as the hosted service serves them. None needs a signed-in
 * caller: the program has no session yet, and the browser hands its refresh token over in the body.
 */
import * as Effect from "effect/Effect"
import {
  CliAuthAttempt,
  CliAuthCompleteRequest,
  CliAuthPollAnswer,
  CliAuthPollRequest,
  CliAuthStartRequest
} from "@stackfx/lib/domain/cli-auth.js"
import { ALL } from "../http/access.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, json, success } from "../http/respond.js"
import { completeCliAuthAttempt, pollCliAuth, startCliAuth } from "../operations/cli-auth.js"

export const routes = [
  endpoint({
    method: "POST",
    path: "/auth/cli",
    access: ALL,
    body: CliAuthStartRequest,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const started = yield* startCliAuth({
          projectId: auth.project.id,
          expiresInMillis: body.expiresInMillis,
          anonRefreshToken: body.anonRefreshToken
        })
        return yield* encoded(CliAuthAttempt, {
          pollingCode: started.pollingCode,
          loginCode: started.loginCode,
          expiresAt: started.expiresAt.toISOString()
        })
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/cli/poll",
    access: ALL,
    body: CliAuthPollRequest,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const answer = yield* pollCliAuth(auth.project.id, body.pollingCode)
        // The hosted service answers the one success with 201, every other status with 200.
        return yield* encoded(CliAuthPollAnswer, answer, answer.status === "success" ? 201 : 200)
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/cli/complete",
    access: ALL,
    body: CliAuthCompleteRequest,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const outcome = yield* completeCliAuthAttempt({
          projectId: auth.project.id,
          loginCode: body.loginCode,
          mode: body.mode ?? "complete",
          refreshToken: body.refreshToken
        })
        switch (outcome._tag) {
          case "Checked":
            return json({ cli_session_state: outcome.cliSessionState })
          case "Claimed":
            return json({ access_token: outcome.accessToken, refresh_token: outcome.refreshToken })
          case "Completed":
            return success
        }
      })
  })
]
