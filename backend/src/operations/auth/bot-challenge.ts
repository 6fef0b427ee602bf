/**
 * Bot challenges (Cloudflare Turnstile) on the routes that may create a user: password sign-up, OTP send and
 * OAuth authorize take `bot_challenge_token`, `bot_challenge_phase` and `bot_challenge_unavailable`, as the
 * hosted service does (its `lib/turnstile.tsx` at 2f719903).
 *
 * The local backend has no Turnstile secret, so it answers as the service's development setup does: there the
 * token goes to a local siteverify stand-in, which fails the tokens `mock-turnstile-error` (the siteverify
 * request itself fails) and `mock-turnstile-invalid`, passes `mock-turnstile-ok:<action>` and
 * `mock-turnstile-visible-ok:<action>` for that action only, and passes any other token (Cloudflare's
 * development site keys make those). No token at all is `invalid`, without asking.
 *
 * What the verdict does is the service's: without a phase (an older client) it is only recorded; a failed
 * invisible phase is `BOT_CHALLENGE_REQUIRED` (the page then shows a visible challenge); a failed visible phase
 * is `BOT_CHALLENGE_FAILED`; a page that could not show a challenge (`bot_challenge_unavailable`) records an
 * `error` visible result, and the sign-up it leads to is refused (`BOT_CHALLENGE_FAILED`, "Visible bot challenge
 * could not be completed"). Recorded verdicts feed the sign-up risk scores; the local backend's scores are
 * those of the service's open-source engine, zero, so a recorded verdict changes nothing else.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { BotChallengeFailed, BotChallengeRequired } from "@stackfx/lib/errors/known/sign-in.js"
import { Refused } from "../../errors/refused.js"

/** What the challenge was for; a token solved for another action does not count. */
export type BotChallengeAction = "sign_up_with_credential" | "send_magic_link_email" | "oauth_authenticate"

/** A verdict: passed, failed, or the check could not be made. */
export const BotChallengeResult = Schema.Literals(["ok", "invalid", "error"])
export type BotChallengeResult = typeof BotChallengeResult.Type

/** The verdict of a request, kept with an OTP code or an OAuth flow until the sign-up it leads to. */
export const BotChallengeAssessment = Schema.Struct({
  status: BotChallengeResult,
  visibleChallengeResult: Schema.optionalKey(BotChallengeResult)
})
export type BotChallengeAssessment = typeof BotChallengeAssessment.Type

/** The bot-challenge fields of a request (decoded from the wire's snake_case). */
export interface BotChallengeRequest {
  readonly botChallengeToken?: string | undefined
  readonly botChallengePhase?: "invisible" | "visible" | undefined
  readonly botChallengeUnavailable?: "true" | undefined
}

/** What the development siteverify stand-in answers for a token that was sent. */
const developmentVerdict = (token: string, action: BotChallengeAction): BotChallengeResult => {
  if (token === "mock-turnstile-error") return "error"
  if (token === "mock-turnstile-invalid") return "invalid"
  for (const prefix of ["mock-turnstile-ok:", "mock-turnstile-visible-ok:"]) {
    if (token.startsWith(prefix)) return token.slice(prefix.length) === action ? "ok" : "invalid"
  }
  return "ok"
}

/** The token's verdict alone: no (or a blank) token is `invalid`. */
export const verdictOf = (token: string | undefined, action: BotChallengeAction): BotChallengeResult => {
  const trimmed = token?.trim() ?? ""
  return trimmed === "" ? "invalid" : developmentVerdict(trimmed, action)
}

/**
 * The assessment of a request's bot challenge, or its refusal. The service fails a request that says the
 * challenge was unavailable and still sends a token or a phase with an assertion (a 500); the local backend
 * answers that contradiction with a plain 400, since no input may produce a server error.
 */
export const assessBotChallenge = (
  request: BotChallengeRequest,
  action: BotChallengeAction
): Effect.Effect<BotChallengeAssessment, BotChallengeRequired | BotChallengeFailed | Refused> => {
  const phase = request.botChallengePhase
  if (request.botChallengeUnavailable === "true") {
    return request.botChallengeToken !== undefined || phase !== undefined
      ? Effect.fail(
          new Refused({
            reason: "invalid",
            message: "bot_challenge_unavailable cannot be combined with a bot challenge token or phase"
          })
        )
      : Effect.succeed({ status: "error", visibleChallengeResult: "error" })
  }
  const status = verdictOf(request.botChallengeToken, action)
  if (phase === undefined) return Effect.succeed({ status })
  if (phase === "invisible") {
    return status === "ok" ? Effect.succeed({ status }) : Effect.fail(new BotChallengeRequired({}))
  }
  // A visible pass after an invisible failure is recorded as `invalid`, whatever the client says came first.
  return status === "ok"
    ? Effect.succeed({ status: "invalid", visibleChallengeResult: "ok" })
    : Effect.fail(new BotChallengeFailed({ details: { message: "Visible bot challenge verification failed" } }))
}

/** A sign-up is refused when its visible challenge did not pass (it could not be shown, or failed). */
export const requireVisibleChallengePassed = (
  assessment: BotChallengeAssessment | undefined
): Effect.Effect<void, BotChallengeFailed> =>
  assessment?.visibleChallengeResult === undefined || assessment.visibleChallengeResult === "ok"
    ? Effect.void
    : Effect.fail(new BotChallengeFailed({ details: { message: "Visible bot challenge could not be completed" } }))
