/**
 * `POST /internal/sign-up-rules-test` (admin): the project's sign-up rules run against a made-up sign-up, with
 * every rule's evaluation and the decision, as the dashboard's rule tester shows them. Nothing is signed up.
 */
import * as Schema from "effect/Schema"
import { CountryCode, RiskScore } from "./user-inputs.js"
import { wireStruct } from "./wire.js"

/** How a user signs up: the rules' `authMethod`. */
export const SignUpAuthMethod = Schema.Literals(["password", "otp", "oauth", "passkey"])
export type SignUpAuthMethod = typeof SignUpAuthMethod.Type

/** What a bot challenge concluded; the test takes it as given (`invalid` when not said). */
export const TurnstileResult = Schema.Literals(["ok", "invalid", "error"])
export type TurnstileResult = typeof TurnstileResult.Type

const RiskScores = wireStruct({ bot: RiskScore, freeTrialAbuse: RiskScore })

/** The sign-up to test: each of the first four must be said (`null` for none). @internal */
export const SignUpRulesTestRequest = wireStruct({
  email: Schema.NullOr(Schema.String),
  authMethod: SignUpAuthMethod,
  oauthProvider: Schema.NullOr(Schema.String),
  /** Absent (`null`): derived as for a real sign-up (the e-mail's tag, the request's claimed country). */
  countryCode: Schema.NullOr(CountryCode),
  turnstileResult: Schema.optionalKey(TurnstileResult),
  /** Absent: derived as for a real sign-up (the local backend scores every sign-up 0). */
  riskScores: Schema.optionalKey(RiskScores)
})
/** @internal */
export type SignUpRulesTestRequest = typeof SignUpRulesTestRequest.Type

const RuleAction = wireStruct({
  type: Schema.Literals(["allow", "reject", "restrict", "log"]),
  message: Schema.optionalKey(Schema.String)
})

/** One rule, in evaluation order: whether it ran and what came of it. */
export const SignUpRuleEvaluation = wireStruct({
  ruleId: Schema.String,
  displayName: Schema.String,
  enabled: Schema.Boolean,
  condition: Schema.String,
  status: Schema.Literals(["matched", "not_matched", "disabled", "missing_condition", "error"]),
  action: RuleAction,
  error: Schema.optionalKey(Schema.String)
})
export type SignUpRuleEvaluation = typeof SignUpRuleEvaluation.Type

export const SignUpRulesTestResponse = wireStruct({
  /** The variables the conditions saw. */
  context: wireStruct({
    email: Schema.String,
    emailDomain: Schema.String,
    countryCode: Schema.String,
    authMethod: SignUpAuthMethod,
    oauthProvider: Schema.String,
    turnstileResult: TurnstileResult,
    riskScores: RiskScores
  }),
  evaluations: Schema.Array(SignUpRuleEvaluation),
  outcome: wireStruct({
    shouldAllow: Schema.Boolean,
    decision: Schema.Literals(["allow", "reject", "default-allow", "default-reject"]),
    decisionRuleId: Schema.NullOr(Schema.String),
    restrictedBecauseOfRuleId: Schema.NullOr(Schema.String)
  })
})
export type SignUpRulesTestResponse = typeof SignUpRulesTestResponse.Type
