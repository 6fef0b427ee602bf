/**
 * `POST /internal/sign-up-rules-test`: the project's sign-up rules run against a sign-up an admin describes, as
 * the service's route does it: the country derived as for a real sign-up unless given, the bot challenge's
 * result taken as `invalid` unless given, the risk scores as the backend would score the sign-up (0: it does
 * no risk scoring) unless given. Every rule's evaluation comes back, up to the one that decided.
 */
import * as Effect from "effect/Effect"
import type { SignUpRulesTestRequest, SignUpRulesTestResponse } from "@stackfx/lib/domain/sign-up-rules-test.js"
import { RequestCountry } from "../../config.js"
import type { DbEffect } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { effectiveConfig } from "./project-config.js"
import { contextOf, signUpCountryCode, traceSignUp } from "./sign-up-rules.js"

export const testSignUpRules = (
  project: StoredProject,
  request: SignUpRulesTestRequest
): DbEffect<SignUpRulesTestResponse> =>
  Effect.gen(function* () {
    const config = yield* effectiveConfig(project)
    const countryCode = request.countryCode ?? signUpCountryCode(request.email, yield* RequestCountry)
    const scores = request.riskScores ?? { bot: 0, freeTrialAbuse: 0 }
    const context = contextOf(
      {
        email: request.email,
        authMethod: request.authMethod,
        oauthProvider: request.oauthProvider ?? undefined,
        countryCode
      },
      { bot: scores.bot, free_trial_abuse: scores.freeTrialAbuse }
    )
    const trace = traceSignUp(config, context)
    return {
      context: {
        email: context.email,
        emailDomain: context.emailDomain,
        countryCode: context.countryCode,
        authMethod: context.authMethod,
        oauthProvider: context.oauthProvider,
        turnstileResult: request.turnstileResult ?? "invalid",
        riskScores: scores
      },
      evaluations: trace.evaluations.map(({ rule, status, error }) => ({
        ruleId: rule.id,
        displayName: rule.displayName ?? "",
        enabled: rule.enabled,
        condition: rule.condition ?? "",
        status,
        action: {
          type: rule.action.type,
          ...(rule.action.message === undefined ? {} : { message: rule.action.message })
        },
        ...(error === undefined ? {} : { error })
      })),
      outcome: {
        shouldAllow: trace.decision === "allow" || trace.decision === "default-allow",
        decision: trace.decision,
        decisionRuleId: trace.decidedBy?.id ?? null,
        restrictedBecauseOfRuleId: trace.restrictedBy?.id ?? null
      }
    }
  })
