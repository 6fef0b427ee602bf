/**
 * Sign-in for command-line programs: `POST /auth/cli` (start), `POST /auth/cli/poll` and
 * `POST /auth/cli/complete`, every access type, as the hosted service serves them (contract/cli-auth.ts).
 * None needs a signed-in caller: the program has no session yet, and the browser hands its refresh token
 * over in the body.
 */
import * as Effect from "effect/Effect"
import { CliAuthApi } from "@stackfx/lib/contract/cli-auth.js"
import { serve } from "../../http/serve.js"
import { completeCliAuthAttempt, pollCliAuth, startCliAuth } from "../../operations/auth/cli-auth.js"

export const routes = [
  serve(CliAuthApi.start, ({ auth, body }) =>
    Effect.gen(function* () {
      const started = yield* startCliAuth({
        projectId: auth.project.id,
        expiresInMillis: body.expiresInMillis,
        anonRefreshToken: body.anonRefreshToken
      })
      return {
        pollingCode: started.pollingCode,
        loginCode: started.loginCode,
        expiresAt: started.expiresAt.toISOString()
      }
    })
  ),
  // The status (201 for the one success) is the declaration's.
  serve(CliAuthApi.poll, ({ auth, body }) => pollCliAuth(auth.project.id, body.pollingCode)),
  serve(CliAuthApi.complete, ({ auth, body }) =>
    Effect.gen(function* () {
      const outcome = yield* completeCliAuthAttempt({
        projectId: auth.project.id,
        loginCode: body.loginCode,
        mode: body.mode ?? "complete",
        refreshToken: body.refreshToken
      })
      switch (outcome._tag) {
        case "Checked":
          return { cliSessionState: outcome.cliSessionState }
        case "Claimed":
          return { accessToken: outcome.accessToken, refreshToken: outcome.refreshToken }
        case "Completed":
          return { success: true as const }
      }
    })
  )
]
