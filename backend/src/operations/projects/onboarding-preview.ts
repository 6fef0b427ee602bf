/**
 * `POST /internal/onboarding/preview-affected-users`: who an onboarding change would restrict before an admin
 * makes it. Today the one onboarding rule is e-mail verification: turning it on restricts every user who is
 * not anonymous and has no verified primary e-mail; leaving it as it is, or turning it off, restricts nobody.
 */
import * as Effect from "effect/Effect"
import type { OnboardingPreview, OnboardingPreviewRequest } from "@stackfx/lib/domain/project-config.js"
import type { DbEffect } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { unverifiedUsers } from "../../store/users/users.js"

/** How many users the preview lists when the query says nothing (the service's default). */
export const DEFAULT_PREVIEW_LIMIT = 10

export const previewAffectedUsers = (
  project: StoredProject,
  request: OnboardingPreviewRequest,
  limit: number
): DbEffect<OnboardingPreview> =>
  Effect.gen(function* () {
    const was = project.requireEmailVerification
    const will = request.onboarding.requireEmailVerification ?? was
    if (!will || was) return { affectedUsers: [], totalAffectedCount: 0 }
    const found = yield* unverifiedUsers(project.id, limit)
    return {
      affectedUsers: found.newest.map((user) => ({ ...user, restrictedReason: { type: "email_not_verified" } })),
      totalAffectedCount: found.total
    }
  })
