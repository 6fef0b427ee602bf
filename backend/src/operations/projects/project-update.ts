/**
 * `PATCH /internal/projects/current`: the one check the hosted service still makes on an admin update, that
 * the email theme exists (a plain 400 `Invalid email theme`). It no longer refuses repeated domains, unknown
 * default permissions, a provider list that leaves some out, a switch back to the shared sender, or anything
 * about production mode: a list given simply replaces the stored one.
 */
import * as Effect from "effect/Effect"
import type { AdminProjectUpdate } from "@stackfx/lib/domain/project.js"
import { isEmailTheme } from "../../mail/themes.js"
import { Refused } from "../../errors/refused.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { applyConfigUpdate } from "./project-setup.js"

/** Fails unless the theme, when given, is one of the built-in themes a project may select. */
const checkEmailTheme = (theme: string | undefined): Effect.Effect<void, Refused> =>
  theme === undefined || isEmailTheme(theme)
    ? Effect.void
    : Effect.fail(new Refused({ reason: "invalid", message: "Invalid email theme" }))

/** The project after `update`, or the reason it is refused. Nothing is written. */
export const updatedProject = (
  project: StoredProject,
  update: AdminProjectUpdate
): Effect.Effect<StoredProject, Refused> =>
  Effect.gen(function* () {
    const config = update.config
    yield* checkEmailTheme(config?.emailTheme)
    const next: StoredProject = {
      ...project,
      ...(update.displayName === undefined ? {} : { displayName: update.displayName }),
      // The service stores a null description as "".
      ...(update.description === undefined ? {} : { description: update.description ?? "" }),
      ...(update.isProductionMode === undefined ? {} : { isProductionMode: update.isProductionMode }),
      ...(update.logoUrl === undefined ? {} : { logoUrl: update.logoUrl }),
      ...(update.logoFullUrl === undefined ? {} : { logoFullUrl: update.logoFullUrl }),
      ...(update.logoDarkModeUrl === undefined ? {} : { logoDarkModeUrl: update.logoDarkModeUrl }),
      ...(update.logoFullDarkModeUrl === undefined ? {} : { logoFullDarkModeUrl: update.logoFullDarkModeUrl }),
      ...(update.onboardingStatus === undefined ? {} : { onboardingStatus: update.onboardingStatus }),
      ...(update.onboardingState === undefined ? {} : { onboardingState: update.onboardingState }),
      ...(config?.requireEmailVerification === undefined
        ? {}
        : { requireEmailVerification: config.requireEmailVerification }),
      config: applyConfigUpdate(project.config, config)
    }
    return next
  })
