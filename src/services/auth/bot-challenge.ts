/**
 * The bot challenge of one call: the call's own, else the tier's `botChallenge` source asked for this action,
 * as request fields. Part of the lazily loaded auth and OAuth services.
 */
import * as Effect from "effect/Effect"
import {
  type BotChallenge,
  type BotChallengeAction,
  type BotChallengeFields,
  botChallengeFields
} from "../../domain/bot-challenge.js"
import type { ClientConfigShape } from "../wire/client-config.js"

/** The request fields of the call's challenge (`given`), or of the tier's source's for `action`. @internal */
export const challengeFields = (
  config: Pick<ClientConfigShape, "botChallenge">,
  action: BotChallengeAction,
  given: BotChallenge | undefined
): Effect.Effect<BotChallengeFields> => {
  if (given !== undefined || config.botChallenge === undefined) return Effect.succeed(botChallengeFields(given))
  return Effect.map(config.botChallenge(action), botChallengeFields)
}
