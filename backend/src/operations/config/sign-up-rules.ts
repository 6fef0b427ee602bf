/**
 * Sign-up rules (`auth.signUpRules` of the project's config): every sign-up method (password, OTP or magic
 * link, OAuth) asks `checkSignUp` before it creates a user. As on the service, enabled rules with a
 * condition run in the config's order (priority, highest first, then id); the first matching `allow` or
 * `reject` decides; a matching `restrict` lets the sign-up through but marks the user restricted (the first
 * such rule is recorded); `log` only records; with no decision the default action applies. A condition
 * that does not evaluate counts as not matching. Users created by the server API are not checked (the
 * service checks sign-ups only).
 */
import * as Effect from "effect/Effect"
import { SignUpRejected } from "@stackfx/lib/errors/known/sign-in.js"
import type { DbEffect } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { evaluateCelCondition } from "./cel.js"
import { effectiveConfig, type EffectiveConfig, type SignUpRule } from "./project-config.js"

/** How a user signs up: the service's `authMethod` of the rule context. */
export type SignUpAuthMethod = "password" | "otp" | "oauth" | "passkey"

export interface SignUpAttempt {
  readonly email: string | null
  readonly authMethod: SignUpAuthMethod
  readonly oauthProvider?: string | undefined
  /** Where the sign-up comes from (`signUpCountryCode` below); `null`: unknown. */
  readonly countryCode?: string | null | undefined
}

export interface SignUpDecision {
  readonly allow: boolean
  /** The first matching `restrict` rule, when the sign-up is allowed with a restriction. */
  readonly restrictedBy: SignUpRule | undefined
}

/** The variables a condition sees. */
export type SignUpRuleContext = {
  readonly email: string
  readonly emailDomain: string
  readonly countryCode: string
  readonly authMethod: SignUpAuthMethod
  readonly oauthProvider: string
  readonly riskScores: { readonly bot: number; readonly free_trial_abuse: number }
}

/**
 * The variables a condition sees, as the service builds them: the e-mail lower-cased (empty when there is
 * none), its domain, the method, the OAuth provider (empty unless OAuth), the country (or empty) and, since
 * the local backend does no risk scoring, zero risk scores unless given.
 */
export const contextOf = (
  attempt: SignUpAttempt,
  riskScores: SignUpRuleContext["riskScores"] = { bot: 0, free_trial_abuse: 0 }
): SignUpRuleContext => {
  const email = (attempt.email ?? "").trim().toLowerCase()
  const at = email.lastIndexOf("@")
  return {
    email,
    emailDomain: at >= 0 ? email.slice(at + 1) : "",
    countryCode: attempt.countryCode ?? "",
    authMethod: attempt.authMethod,
    oauthProvider: attempt.oauthProvider ?? "",
    riskScores
  }
}

/** The service's answer carries its default message in `details.message` too. */
const REJECTED_MESSAGE = "Your sign up was rejected by an administrator's sign-up rule."

export interface RuleEvaluation {
  readonly rule: SignUpRule
  readonly status: "matched" | "not_matched" | "disabled" | "missing_condition" | "error"
  readonly error?: string
}

export interface SignUpTrace {
  /** Every rule looked at, in order, up to the one that decided. */
  readonly evaluations: ReadonlyArray<RuleEvaluation>
  readonly decision: "allow" | "reject" | "default-allow" | "default-reject"
  readonly decidedBy: SignUpRule | undefined
  /** The first matching `restrict` rule. */
  readonly restrictedBy: SignUpRule | undefined
}

/** The rules run over one sign-up's variables, as the service traces them (pure). */
export const traceSignUp = (config: EffectiveConfig, context: SignUpRuleContext): SignUpTrace => {
  const evaluations: Array<RuleEvaluation> = []
  let restrictedBy: SignUpRule | undefined
  for (const rule of config.auth.signUpRules) {
    if (!rule.enabled) {
      evaluations.push({ rule, status: "disabled" })
      continue
    }
    if (rule.condition === undefined || rule.condition === "") {
      evaluations.push({ rule, status: "missing_condition" })
      continue
    }
    const result = evaluateCelCondition(rule.condition, context)
    if (!result.ok) {
      evaluations.push({ rule, status: "error", error: result.error })
      continue
    }
    evaluations.push({ rule, status: result.value ? "matched" : "not_matched" })
    if (!result.value) continue
    if (rule.action.type === "restrict") restrictedBy ??= rule
    if (rule.action.type === "allow" || rule.action.type === "reject") {
      return { evaluations, decision: rule.action.type, decidedBy: rule, restrictedBy }
    }
  }
  const decision = config.auth.signUpRulesDefaultAction === "reject" ? "default-reject" : "default-allow"
  return { evaluations, decision, decidedBy: undefined, restrictedBy }
}

/** The rules' decision for one attempt (pure). */
export const decideSignUp = (config: EffectiveConfig, attempt: SignUpAttempt): SignUpDecision => {
  const trace = traceSignUp(config, contextOf(attempt))
  return { allow: trace.decision === "allow" || trace.decision === "default-allow", restrictedBy: trace.restrictedBy }
}

/**
 * Fails with SIGN_UP_REJECTED when the project's rules refuse the sign-up (with the service's default
 * message: a rule's own message is for admins, not shown to the user); else the decision.
 */
export const checkSignUp = (project: StoredProject, attempt: SignUpAttempt): DbEffect<SignUpDecision, SignUpRejected> =>
  Effect.flatMap(effectiveConfig(project), (config) => {
    const decision = decideSignUp(config, attempt)
    return decision.allow
      ? Effect.succeed(decision)
      : Effect.fail(new SignUpRejected({ details: { message: REJECTED_MESSAGE } }))
  })

/** The private note the service keeps on a user a rule restricted. */
export const restrictionNote = (rule: SignUpRule): string =>
  `Restricted by sign-up rule: ${rule.id}${rule.displayName === undefined || rule.displayName === "" ? "" : ` (${rule.displayName})`}`

/**
 * The country a sign-up comes from, as the service derives it in its development and test setups: an e-mail
 * tag first (`someone+CA@example.com` is Canada; only at example.com), else the country the request's headers
 * claim (`http/end-user.ts`, passed in as `requestCountry`).
 */
export const signUpCountryCode = (email: string | null, requestCountry: string | undefined): string | null => {
  const tag = email === null ? undefined : /^[^+]+\+([^@]+)@example\.com$/i.exec(email)?.[1]
  const code = tag?.trim().toUpperCase()
  if (code !== undefined && /^[A-Z]{2}$/.test(code)) return code
  return requestCountry ?? null
}
