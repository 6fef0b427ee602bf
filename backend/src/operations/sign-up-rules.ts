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
import type { DbError, DbShape } from "../store/db.js"
import type { StoredProject } from "../store/projects.js"
import { evaluateCelCondition } from "./cel.js"
import { effectiveConfig, type EffectiveConfig, type SignUpRule } from "./project-config.js"

/** How a user signs up: the service's `authMethod` of the rule context. */
export type SignUpAuthMethod = "password" | "otp" | "oauth" | "passkey"

export interface SignUpAttempt {
  readonly email: string | null
  readonly authMethod: SignUpAuthMethod
  readonly oauthProvider?: string | undefined
  /** Where the sign-up comes from (operations/sign-up.ts `signUpCountryCode`); `null`: unknown. */
  readonly countryCode?: string | null | undefined
}

export interface SignUpDecision {
  readonly allow: boolean
  /** The first matching `restrict` rule, when the sign-up is allowed with a restriction. */
  readonly restrictedBy: SignUpRule | undefined
}

/**
 * The variables a condition sees, as the service builds them: the e-mail lower-cased (empty when there is
 * none), its domain, the method, the OAuth provider (empty unless OAuth) and, since the local backend has
 * no geolocation or risk scoring, the country of the e-mail's tag (or empty) and zero risk scores.
 */
const contextOf = (attempt: SignUpAttempt) => {
  const email = (attempt.email ?? "").trim().toLowerCase()
  const at = email.lastIndexOf("@")
  return {
    email,
    emailDomain: at >= 0 ? email.slice(at + 1) : "",
    countryCode: attempt.countryCode ?? "",
    authMethod: attempt.authMethod,
    oauthProvider: attempt.oauthProvider ?? "",
    riskScores: { bot: 0, free_trial_abuse: 0 }
  }
}

/** The service's answer carries its default message in `details.message` too. */
const REJECTED_MESSAGE = "Your sign up was rejected by an administrator's sign-up rule."

/** The rules' decision for one attempt (pure). */
export const decideSignUp = (config: EffectiveConfig, attempt: SignUpAttempt): SignUpDecision => {
  const context = contextOf(attempt)
  let restrictedBy: SignUpRule | undefined
  for (const rule of config.auth.signUpRules) {
    if (!rule.enabled || rule.condition === undefined || rule.condition === "") continue
    const result = evaluateCelCondition(rule.condition, context)
    if (!result.ok || !result.value) continue
    if (rule.action.type === "restrict") restrictedBy ??= rule
    if (rule.action.type === "allow" || rule.action.type === "reject") {
      return { allow: rule.action.type === "allow", restrictedBy }
    }
  }
  return { allow: config.auth.signUpRulesDefaultAction !== "reject", restrictedBy }
}

/**
 * Fails with SIGN_UP_REJECTED when the project's rules refuse the sign-up (with the service's default
 * message: a rule's own message is for admins, not shown to the user); else the decision.
 */
export const checkSignUp = (
  db: DbShape,
  project: StoredProject,
  attempt: SignUpAttempt
): Effect.Effect<SignUpDecision, SignUpRejected | DbError> =>
  Effect.flatMap(effectiveConfig(db, project), (config) => {
    const decision = decideSignUp(config, attempt)
    return decision.allow
      ? Effect.succeed(decision)
      : Effect.fail(new SignUpRejected({ details: { message: REJECTED_MESSAGE } }))
  })

/** The private note the service keeps on a user a rule restricted. */
export const restrictionNote = (rule: SignUpRule): string =>
  `Restricted by sign-up rule: ${rule.id}${rule.displayName === undefined || rule.displayName === "" ? "" : ` (${rule.displayName})`}`
