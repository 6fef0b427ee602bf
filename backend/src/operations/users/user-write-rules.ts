/**
 * The rules every user write shares, as the hosted service's users route applies them: auth emails are unique
 * per project, a password is hashed before any transaction starts (scrypt is slow and PGlite has one
 * session) or a server imports a bcrypt `passwordHash` instead, the primary-email flags need a primary email,
 * a TOTP secret is base64, and an empty display name means none.
 */
import * as Effect from "effect/Effect"
import { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { TeamMembershipNotFound } from "@stackfx/lib/errors/known/teams.js"
import { ContactChannelAlreadyUsedForAuthBySomeoneElse } from "@stackfx/lib/errors/known/contact-channels.js"
import { hashPassword, isImportablePasswordHash, type PasswordHashError } from "../../crypto/password.js"
import { Refused } from "../../errors/refused.js"
import { totpSecretFromBase64 } from "../../totp.js"
import { AUTH_CHANNEL_UNIQUE, findAuthChannelByEmail } from "../../store/users/contact-channels.js"
import { type DbError, isUniqueViolation } from "../../store/db.js"

export type UserWriteError =
  | ContactChannelAlreadyUsedForAuthBySomeoneElse
  | PasswordHashError
  | SchemaError
  | TeamMembershipNotFound
  | Refused
  | DbError

/** The service's refusal of an address another channel signs in with (its users route's auth-data check). */
const emailTaken = (email: string) =>
  new ContactChannelAlreadyUsedForAuthBySomeoneElse({
    details: { type: "email", contact_channel_value: email, would_work_if_email_was_verified: false }
  })

/** Maps the auth-email unique index to the known error (two sign-ups racing for one email). */
export const emailConflict = (email: string | null | undefined) => (error: DbError) =>
  Effect.fail(isUniqueViolation(error, AUTH_CHANNEL_UNIQUE) ? emailTaken(email ?? "") : error)

export const badRequest = (message: string) => new Refused({ reason: "invalid", message })

/**
 * The stored hash a create or update asks for: a password hashed here, an imported bcrypt hash kept as
 * it is, `null` to remove the password, `undefined` to leave it.
 */
export const storedPasswordHash = (input: {
  readonly password?: string | null | undefined
  readonly passwordHash?: string | undefined
}) => {
  const { password, passwordHash } = input
  if (password !== undefined && passwordHash !== undefined) {
    return Effect.fail(badRequest("Cannot set both password and password_hash at the same time."))
  }
  if (passwordHash !== undefined) {
    return isImportablePasswordHash(passwordHash)
      ? Effect.succeed(passwordHash)
      : Effect.fail(badRequest("Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format."))
  }
  // No length rule here: the service's users route takes any password its schema takes (at most 70
  // characters, checked at the edge), where a sign-up or a reset also needs 8.
  return password === undefined || password === null ? Effect.succeed(password) : hashPassword(password)
}

/** A primary email flag set without a primary email, refused as the hosted service does. */
export const checkPrimaryEmailFlags = (flags: {
  readonly primaryEmail?: string | null | undefined
  readonly primaryEmailAuthEnabled?: boolean | undefined
  readonly primaryEmailVerified?: boolean | undefined
}) =>
  flags.primaryEmail !== undefined && flags.primaryEmail !== null && flags.primaryEmail !== ""
    ? Effect.void
    : flags.primaryEmailAuthEnabled === true
      ? Effect.fail(badRequest("primary_email_auth_enabled cannot be true without primary_email"))
      : flags.primaryEmailVerified === true
        ? Effect.fail(badRequest("primary_email_verified cannot be true without primary_email"))
        : Effect.void

/** An empty display name means none. */
export const displayNameOf = (name: string | null): string | null => (name === "" ? null : name)

export const checkTotpSecret = (secret: string | null | undefined) =>
  secret === undefined || secret === null
    ? Effect.void
    : Effect.mapError(
        totpSecretFromBase64(secret),
        () => new SchemaError({ details: { message: "totp_secret_base64 must be a non-empty base64 string" } })
      )

/** No channel of the project signs in with this address, the user's own other channels included (as the service). */
export const assertEmailFree = (projectId: string, email: string) =>
  Effect.flatMap(findAuthChannelByEmail(projectId, email), (found) =>
    found !== undefined ? Effect.fail(emailTaken(email)) : Effect.void
  )

/** The sign-up facts a server may set: the country (`null` clears it) and the risk scores. */
export const signUpFactColumns = (input: {
  readonly countryCode?: string | null | undefined
  readonly riskScores?: { readonly signUp: { readonly bot: number; readonly freeTrialAbuse: number } } | undefined
}) => ({
  ...(input.countryCode === undefined ? {} : { countryCode: input.countryCode }),
  ...(input.riskScores === undefined
    ? {}
    : { riskScoreBot: input.riskScores.signUp.bot, riskScoreFreeTrialAbuse: input.riskScores.signUp.freeTrialAbuse })
})
