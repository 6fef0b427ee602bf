/**
 * E-mail notification preferences, as the hosted service keeps them: fixed categories
 * (`NOTIFICATION_CATEGORIES`), a user's choice per category over its default, and the unsubscribe link a
 * message of a category that can be turned off carries when it goes to a user (30 days, single use).
 */
import { randomBytes } from "node:crypto"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from "@stackfx/lib/domain/notification-preference.js"
import type { NotificationPreference } from "@stackfx/lib/domain/notification-preference.js"
import { VerificationCodeExpired, VerificationCodeNotFound } from "@stackfx/lib/errors/known/verification.js"
import { Refused } from "../../errors/refused.js"
import type { DbEffect } from "../../store/db.js"
import { setNotificationChoice, userNotificationChoices } from "../../store/users/notification-preferences.js"
import { findVerificationCodeInAnyProject, markVerificationCodeUsed } from "../../store/auth/verification-codes.js"
import { CodePurpose, issueCode } from "../codes/verification-codes.js"

/** The hosted lifetime of an unsubscribe link: 30 days. */
const UNSUBSCRIBE_LINK_TTL_MILLIS = 30 * 24 * 60 * 60 * 1000

const categoryById = (id: string): NotificationCategory | undefined => NOTIFICATION_CATEGORIES.find((c) => c.id === id)
/** The category of an id, or the hosted plain 404 for an unknown one. */
export const requireCategory = (id: string): Effect.Effect<NotificationCategory, Refused> => {
  const category = categoryById(id)
  return category === undefined
    ? Effect.fail(new Refused({ reason: "not-found", message: "Notification category not found" }))
    : Effect.succeed(category)
}
export const categoryByName = (name: string): NotificationCategory | undefined =>
  NOTIFICATION_CATEGORIES.find((c) => c.name === name)

/** The length of the codes an unsubscribe link carries. */
const UNSUBSCRIBE_CODE_LENGTH = 45

const preferenceOf = (category: NotificationCategory, enabled: boolean): NotificationPreference => ({
  notificationCategoryId: category.id,
  notificationCategoryName: category.name,
  enabled,
  canDisable: category.canDisable
})

/** Every category with the user's choice or its default, in the service's order. */
export const listPreferences = (projectId: string, userId: string): DbEffect<ReadonlyArray<NotificationPreference>> =>
  Effect.gen(function* () {
    const choices = yield* userNotificationChoices(projectId, userId)
    return NOTIFICATION_CATEGORIES.map((category) =>
      preferenceOf(category, choices.get(category.id) ?? category.defaultEnabled)
    )
  })

/** Records the user's choice; the service records it even for a category that cannot be turned off. */
export const setPreference = (
  projectId: string,
  userId: string,
  category: NotificationCategory,
  enabled: boolean
): DbEffect<NotificationPreference> =>
  Effect.gen(function* () {
    const at = new Date(yield* Clock.currentTimeMillis)
    yield* setNotificationChoice({ projectId, userId, categoryId: category.id, enabled, at })
    return preferenceOf(category, enabled)
  })

/** Whether the user receives mail of the category. */
export const receivesCategory = (
  projectId: string,
  userId: string,
  category: NotificationCategory
): DbEffect<boolean> =>
  Effect.map(
    userNotificationChoices(projectId, userId),
    (choices) => choices.get(category.id) ?? category.defaultEnabled
  )

/**
 * A new unsubscribe link for the user and category: `{apiBase}/api/v1/emails/unsubscribe-link?code=`. The
 * code is 45 lower-case characters, the length the hosted route accepts (it lower-cases what it is given).
 */
export const issueUnsubscribeLink = (input: {
  readonly projectId: string
  readonly userId: string
  readonly category: NotificationCategory
  readonly apiBaseUrl: string
}): DbEffect<string> =>
  Effect.gen(function* () {
    const code = (yield* Effect.sync(() => randomBytes(23).toString("hex"))).slice(0, UNSUBSCRIBE_CODE_LENGTH)
    yield* issueCode({
      projectId: input.projectId,
      purpose: CodePurpose.unsubscribeLink,
      ttlMillis: UNSUBSCRIBE_LINK_TTL_MILLIS,
      userId: input.userId,
      data: { user_id: input.userId, notification_category_id: input.category.id },
      code
    })
    return `${input.apiBaseUrl.replace(/\/+$/, "")}/api/v1/emails/unsubscribe-link?code=${code}`
  })

/** What following an unsubscribe link did; `invalid-code` for a code that cannot be one of ours (not 45 characters). */
export type Unsubscribed = "unsubscribed" | "already-unsubscribed" | "invalid-code"

/**
 * Follows an unsubscribe link: turns the category off for the user. A link used before answers
 * `already-unsubscribed`, a missing or malformed code `invalid-code` (the hosted route's plain 400, before any
 * lookup); an unknown code is VERIFICATION_CODE_NOT_FOUND and an expired one VERIFICATION_CODE_EXPIRED, as on
 * the hosted route.
 */
export const followUnsubscribeLink = (
  code: string | undefined
): DbEffect<Unsubscribed, VerificationCodeNotFound | VerificationCodeExpired> =>
  Effect.gen(function* () {
    if (code === undefined || code.length !== UNSUBSCRIBE_CODE_LENGTH) return "invalid-code"
    const now = yield* Clock.currentTimeMillis
    const row = yield* findVerificationCodeInAnyProject(CodePurpose.unsubscribeLink, code.toLowerCase())
    if (row === undefined) return yield* Effect.fail(new VerificationCodeNotFound({}))
    if (row.expiresAt.getTime() < now) return yield* Effect.fail(new VerificationCodeExpired({}))
    if (row.usedAt !== null) return "already-unsubscribed"
    const data: Schema.Json = row.data
    // `Array.isArray` does not narrow a readonly array out of the union, so the object case is named by hand.
    const categoryId =
      typeof data === "object" && data !== null && !Array.isArray(data)
        ? (data as { readonly [key: string]: Schema.Json })["notification_category_id"]
        : undefined
    const category = typeof categoryId === "string" ? categoryById(categoryId) : undefined
    if (row.userId === null || category === undefined) return yield* Effect.fail(new VerificationCodeNotFound({}))
    const won = yield* markVerificationCodeUsed(row.projectId, row.id, new Date(now))
    if (!won) return "already-unsubscribed"
    yield* setNotificationChoice({
      projectId: row.projectId,
      userId: row.userId,
      categoryId: category.id,
      enabled: false,
      at: new Date(now)
    })
    return "unsubscribed"
  })
