/**
 * The bot-challenge fields a client sends (src/domain/bot-challenge.ts), against the rules of the service's
 * SDK: a blank token is none, a visible phase without a token says the challenge could not be completed, and
 * the fields never contradict each other (the service refuses a token or a phase beside `unavailable`).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import fc from "fast-check"
import { type BotChallenge, botChallengeFields } from "../../src/domain/bot-challenge.js"
import { challengeFields } from "../../src/services/auth/bot-challenge.js"

const phase = fc.option(fc.constantFrom("invisible" as const, "visible" as const), { nil: undefined })
const blank = fc.stringMatching(/^[ \t\n]*$/)
const token = fc.string({ minLength: 1 }).filter((t) => t.trim() !== "")
const challenge: fc.Arbitrary<BotChallenge> = fc.oneof(
  fc.record({ token: fc.oneof(token, blank), phase }),
  fc.constant({ unavailable: true as const })
)

describe("bot challenge fields", () => {
  it("never send a token or a phase beside unavailable, nor a phase without a token", () => {
    fc.assert(
      fc.property(challenge, (given) => {
        const fields = botChallengeFields(given)
        if (fields.botChallengeUnavailable !== undefined) {
          assert.isUndefined(fields.botChallengeToken)
          assert.isUndefined(fields.botChallengePhase)
        }
        if (fields.botChallengePhase !== undefined) assert.isDefined(fields.botChallengeToken)
        if (fields.botChallengeToken !== undefined)
          assert.strictEqual(fields.botChallengeToken, fields.botChallengeToken.trim())
      })
    )
  })

  it("a token is sent trimmed with its phase; a blank one is none, or unavailable in the visible phase", () => {
    fc.assert(
      fc.property(token, phase, blank, (t, p, b) => {
        assert.deepStrictEqual(
          botChallengeFields({ token: ` ${t} `, phase: p }),
          p === undefined ? { botChallengeToken: t.trim() } : { botChallengeToken: t.trim(), botChallengePhase: p }
        )
        assert.deepStrictEqual(
          botChallengeFields({ token: b, phase: p }),
          p === "visible" ? { botChallengeUnavailable: "true" } : {}
        )
      })
    )
    assert.deepStrictEqual(botChallengeFields(undefined), {})
    assert.deepStrictEqual(botChallengeFields({ unavailable: true }), { botChallengeUnavailable: "true" })
  })

  it.effect("a call's own challenge wins over the tier's source, which is asked for the call's action", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const config = {
        botChallenge: (action: string) =>
          Effect.sync(() => {
            asked.push(action)
            return { token: `from-tier:${action}`, phase: "invisible" as const }
          })
      }
      assert.deepStrictEqual(yield* challengeFields(config, "oauth_authenticate", { token: "own" }), {
        botChallengeToken: "own"
      })
      assert.deepStrictEqual(asked, [])
      assert.deepStrictEqual(yield* challengeFields(config, "send_magic_link_email", undefined), {
        botChallengeToken: "from-tier:send_magic_link_email",
        botChallengePhase: "invisible"
      })
      assert.deepStrictEqual(asked, ["send_magic_link_email"])
      assert.deepStrictEqual(yield* challengeFields({}, "sign_up_with_credential", undefined), {})
    })
  )
})
