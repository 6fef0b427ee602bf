/**
 * Whether the project lets a caller use passwords at all, and sign up with one: the project's switches
 * checked in the hosted service's order, each answered with its known error.
 */
import * as Effect from "effect/Effect"
import {
  PasswordAuthenticationNotEnabled,
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled
} from "@stackfx/lib/errors/known/sign-in.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { isTrustedUrl } from "../config/trusted-urls.js"

/** Password sign-in, reset and changes need the project's password switch (PASSWORD_AUTHENTICATION_NOT_ENABLED). */
export const requirePasswordAuth = (project: StoredProject): Effect.Effect<void, PasswordAuthenticationNotEnabled> =>
  project.config.credentialEnabled ? Effect.void : Effect.fail(new PasswordAuthenticationNotEnabled({}))

/**
 * A password sign-up needs passwords on, a trusted verification callback when it names one
 * (REDIRECT_URL_NOT_WHITELISTED), and sign-up on (SIGN_UP_NOT_ENABLED), checked in that order.
 */
export const requirePasswordSignUp = (project: StoredProject, verificationCallbackUrl: string | undefined) =>
  Effect.gen(function* () {
    yield* requirePasswordAuth(project)
    if (verificationCallbackUrl !== undefined && !isTrustedUrl(project, verificationCallbackUrl)) {
      return yield* Effect.fail(new RedirectUrlNotWhitelisted({ details: { redirect_url: verificationCallbackUrl } }))
    }
    if (!project.config.signUpEnabled) return yield* Effect.fail(new SignUpNotEnabled({}))
  })
