/**
 * The bot challenge a client sends with the calls that may create a user (password sign-up, the magic-link
 * send and the OAuth start), as the service's SDK sends it: a Turnstile (or compatible) token, the phase it
 * was solved in, or word that the page could not show a challenge. The body fields (query parameters for the
 * OAuth start) are `bot_challenge_token`, `bot_challenge_phase` and `bot_challenge_unavailable`.
 *
 * Only the lazily loaded auth and OAuth services import the encoder; the type travels in the tier options.
 */
import type * as Effect from "effect/Effect"

/** Which call the token is for: the service checks a token against the action it was solved for. */
export type BotChallengeAction = "sign_up_with_credential" | "send_magic_link_email" | "oauth_authenticate"

/**
 * A solved challenge (`token`, in the `invisible` phase first; after `BotChallengeRequired`, the `visible`
 * one), or a page that could not show one (`{ unavailable: true }`). A token without a phase is the form of
 * an older client: the service only records it.
 */
export type BotChallenge =
  | { readonly token: string; readonly phase?: "invisible" | "visible" | undefined }
  | { readonly unavailable: true }

/**
 * The tier option that supplies a challenge for every call that takes one (a call's own `botChallenge` wins):
 * `botChallenge: (action) => Effect.promise(() => turnstile.execute(action)).pipe(Effect.map((token) => ({ token, phase: "invisible" })))`.
 * `undefined` sends none.
 */
export type BotChallengeSource = (action: BotChallengeAction) => Effect.Effect<BotChallenge | undefined>

/** The fields of a challenge, as the request schemas name them (`botChallengeToken` is `bot_challenge_token`). @internal */
export interface BotChallengeFields {
  readonly botChallengeToken?: string
  readonly botChallengePhase?: "invisible" | "visible"
  readonly botChallengeUnavailable?: "true"
}

/**
 * The fields the SDK sends for a challenge: a blank token counts as none; a visible phase without a token
 * says the challenge could not be completed (`bot_challenge_unavailable`); a blank token in the invisible
 * phase sends nothing, as no challenge at all.
 * @internal
 */
export const botChallengeFields = (challenge: BotChallenge | undefined): BotChallengeFields => {
  if (challenge === undefined) return {}
  if ("unavailable" in challenge) return { botChallengeUnavailable: "true" }
  const token = challenge.token.trim()
  if (challenge.phase === "visible") {
    return token === ""
      ? { botChallengeUnavailable: "true" }
      : { botChallengeToken: token, botChallengePhase: "visible" }
  }
  if (token === "") return {}
  return challenge.phase === undefined
    ? { botChallengeToken: token }
    : { botChallengeToken: token, botChallengePhase: "invisible" }
}
