/**
 * Contact channels (a user's email addresses) and their verification. Rules of the hosted service: a
 * user has each address once, one primary address per type, an address is used for sign-in by at most
 * one user of the project (CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE), and changing an
 * address makes it unverified again unless the caller says otherwise.
 */
import * as Effect from "effect/Effect"
import type { ContactChannelType } from "@stackfx/lib/domain/contact-channel.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import {
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  EmailAlreadyVerified,
  EmailIsNotPrimaryEmail
} from "@stackfx/lib/errors/known/contact-channels.js"
import type { RedirectUrlNotWhitelisted } from "@stackfx/lib/errors/known/sign-in.js"
import { randomId } from "../../crypto/secrets.js"
import { Refused } from "../../errors/refused.js"
import {
  AUTH_CHANNEL_UNIQUE,
  clearPrimaryChannel,
  type ContactChannelRow,
  deleteContactChannel,
  findAuthChannelByEmail,
  findContactChannel,
  findUserChannelByValue,
  insertContactChannel,
  listContactChannels,
  listProjectContactChannels,
  normalizeEmail,
  updateContactChannel
} from "../../store/users/contact-channels.js"
import { Db, type DbEffect, type DbError, isUniqueViolation, UNIQUE_VIOLATION } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { CodeLifetimes } from "../codes/code-lifetimes.js"
import { newEmailedCode, nonceOf, redeemEmailedCode } from "../codes/emailed-codes.js"
import { checkCallbackUrl, type SendEmailError, sendCodeEmail } from "../email/email.js"
import { CodePurpose, type VerificationCodeError } from "../codes/verification-codes.js"

export type ChannelWriteError = ContactChannelAlreadyUsedForAuthBySomeoneElse | Refused | DbError

/**
 * An address another user signs in with. `wouldWorkIfVerified`: what stops the caller is only that the other
 * user has not verified it (an OAuth sign-in that would then link to them).
 */
export const usedBySomeoneElse = (type: ContactChannelType, value?: string, wouldWorkIfVerified = false) =>
  new ContactChannelAlreadyUsedForAuthBySomeoneElse({
    details: {
      type,
      ...(value === undefined ? {} : { contact_channel_value: value }),
      ...(wouldWorkIfVerified ? { would_work_if_email_was_verified: true } : {})
    }
  })

const alreadyExists = () => new Refused({ reason: "invalid", message: "Contact channel already exists" })
const notFound = () => new Refused({ reason: "not-found", message: "Contact channel not found." })
// Changing or deleting a channel that does not exist is a bad request for the hosted service, not a 404.
const missingForWrite = () => new Refused({ reason: "invalid", message: "Contact channel not found" })

/** Maps the unique indexes to the errors a racing request would have got from the checks. */
const uniqueConflicts =
  (type: ContactChannelType, value: string | undefined) =>
  (error: DbError): Effect.Effect<never, ChannelWriteError> => {
    if (isUniqueViolation(error, AUTH_CHANNEL_UNIQUE)) return Effect.fail(usedBySomeoneElse(type, value))
    if (error.code === UNIQUE_VIOLATION) return Effect.fail(alreadyExists())
    return Effect.fail(error)
  }

export interface NewContactChannel {
  readonly userId: string
  readonly type: ContactChannelType
  readonly value: string
  readonly usedForAuth: boolean
  readonly isPrimary?: boolean | undefined
  readonly isVerified?: boolean | undefined
}

/** Adds a channel to a user (who must exist; the route checks). */
export const createContactChannel = (
  projectId: string,
  input: NewContactChannel
): Effect.Effect<ContactChannelRow, ChannelWriteError, Db> =>
  Effect.gen(function* () {
    const id = yield* randomId
    // Hosted stores an e-mail channel's value trimmed and lower-cased, so reads answer the normalised address.
    const value = input.type === "email" ? normalizeEmail(input.value) : input.value.trim()
    const row: ContactChannelRow = {
      id,
      userId: input.userId,
      type: input.type,
      value,
      isVerified: input.isVerified ?? false,
      isPrimary: input.isPrimary ?? false,
      usedForAuth: input.usedForAuth
    }
    const created = Db.transaction(
      Effect.gen(function* () {
        if ((yield* findUserChannelByValue(projectId, input.userId, input.type, value)) !== undefined) {
          return yield* Effect.fail(alreadyExists())
        }
        if (input.usedForAuth && (yield* findAuthChannelByEmail(projectId, value)) !== undefined) {
          return yield* Effect.fail(usedBySomeoneElse(input.type, value))
        }
        if (row.isPrimary) yield* clearPrimaryChannel(projectId, input.userId, input.type)
        yield* insertContactChannel({ ...row, projectId })
        return row
      })
    )
    return yield* Effect.catchTag(created, "DbError", uniqueConflicts(input.type, value))
  })

export interface ContactChannelPatch {
  readonly value?: string | undefined
  readonly type?: ContactChannelType | undefined
  readonly usedForAuth?: boolean | undefined
  readonly isPrimary?: boolean | undefined
  readonly isVerified?: boolean | undefined
}

/** Changes a channel of the user; a new value is unverified unless `isVerified` is given. */
export const updateContactChannelOf = (
  projectId: string,
  userId: string,
  id: string,
  patch: ContactChannelPatch
): Effect.Effect<ContactChannelRow, ChannelWriteError, Db> =>
  Effect.gen(function* () {
    // Hosted normalises a new value only when the PATCH itself says `type: "email"`; a PATCH of the value
    // alone (what the official SDK sends) stores it as given, trimmed here as before.
    const value =
      patch.value === undefined ? undefined : patch.type === "email" ? normalizeEmail(patch.value) : patch.value.trim()
    const updated = Db.transaction(
      Effect.gen(function* () {
        const existing = yield* findContactChannel(projectId, userId, id)
        if (existing === undefined) return yield* Effect.fail(missingForWrite())
        const type = patch.type ?? existing.type
        if (patch.usedForAuth === true || (existing.usedForAuth && value !== undefined)) {
          const holder = yield* findAuthChannelByEmail(projectId, value ?? existing.value)
          if (holder !== undefined && holder.id !== existing.id) return yield* Effect.fail(usedBySomeoneElse(type))
        }
        if (patch.isPrimary === true) yield* clearPrimaryChannel(projectId, userId, type)
        const changesValue = value !== undefined && value !== existing.value
        yield* updateContactChannel(projectId, id, {
          value,
          isVerified: patch.isVerified ?? (changesValue ? false : undefined),
          isPrimary: patch.isPrimary,
          usedForAuth: patch.usedForAuth
        })
        const after = yield* findContactChannel(projectId, userId, id)
        return after ?? (yield* Effect.fail(notFound()))
      })
    )
    return yield* Effect.catchTag(updated, "DbError", uniqueConflicts(patch.type ?? "email", undefined))
  })

/** Removes a channel of the user. */
export const deleteContactChannelOf = (projectId: string, userId: string, id: string): DbEffect<void, Refused> =>
  Effect.gen(function* () {
    const existing = yield* findContactChannel(projectId, userId, id)
    if (existing === undefined) return yield* Effect.fail(missingForWrite())
    yield* deleteContactChannel(projectId, id)
  })

/** The channel of the user, or the plain 404 of the hosted service. */
export const getContactChannelOf = (
  projectId: string,
  userId: string,
  id: string
): DbEffect<ContactChannelRow, Refused> =>
  Effect.flatMap(findContactChannel(projectId, userId, id), (found) =>
    found === undefined ? Effect.fail(notFound()) : Effect.succeed(found)
  )

export interface VerificationEmail {
  readonly project: StoredProject
  readonly userId: string
  readonly userDisplayName: string | null
  readonly email: string
  readonly callbackUrl: string
}

/** Emails a verification link for one address of the user. */
export const sendVerificationEmail = (
  input: VerificationEmail
): Effect.Effect<void, SendEmailError | RedirectUrlNotWhitelisted, Db> =>
  Effect.gen(function* () {
    const code = yield* newEmailedCode
    const lifetimes = yield* CodeLifetimes
    yield* sendCodeEmail({
      project: input.project,
      type: "email_verification",
      purpose: CodePurpose.emailVerification,
      ttlMillis: lifetimes.emailVerification,
      to: input.email,
      callbackUrl: input.callbackUrl,
      userId: input.userId,
      userDisplayName: input.userDisplayName,
      data: { user_id: input.userId },
      code,
      nonce: nonceOf(code)
    })
  })

/**
 * Redeems an email verification code: the address it was sent to becomes verified. The code is used
 * first, as the hosted service does, so a deleted address still spends it.
 */
export const verifyEmailCode = (projectId: string, code: string): DbEffect<void, VerificationCodeError | Refused> =>
  Effect.gen(function* () {
    const row = yield* redeemEmailedCode(projectId, CodePurpose.emailVerification, code, "use")
    const channel =
      row.userId === null || row.email === null
        ? undefined
        : yield* findUserChannelByValue(projectId, row.userId, "email", row.email)
    if (channel === undefined) {
      return yield* Effect.fail(
        new Refused({ reason: "invalid", message: "Contact channel not found. Was your contact channel deleted?" })
      )
    }
    yield* updateContactChannel(projectId, channel.id, { isVerified: true })
  })

/**
 * The verification email of a password sign-up. The hosted service sends it in the background, so a
 * failure never fails the sign-up; here it is sent before answering (the outbox then already holds it
 * when the client reads it) and a failure is logged instead of returned.
 */
export const sendSignUpVerification = (
  project: StoredProject,
  user: { readonly id: string; readonly displayName: string | null; readonly primaryEmail: string | null },
  callbackUrl: string
): Effect.Effect<void, never, Db> => {
  const email = user.primaryEmail
  if (email === null) return Effect.void
  return sendVerificationEmail({
    project,
    userId: user.id,
    userDisplayName: user.displayName,
    email,
    callbackUrl
  }).pipe(
    Effect.catch((error) =>
      Effect.logWarning(`stackfx local backend: the sign-up verification email of user ${user.id} was not sent`, error)
    )
  )
}

/** A user's channels, oldest first, or every channel of the project without a user. */
export const listChannels = (
  projectId: string,
  userId: string | undefined
): DbEffect<ReadonlyArray<ContactChannelRow>> =>
  userId === undefined ? listProjectContactChannels(projectId) : listContactChannels(projectId, userId)

/**
 * Emails a verification link for the user's primary address, which the request names (EMAIL_IS_NOT_PRIMARY_EMAIL
 * for another one) and which is not verified yet (EMAIL_ALREADY_VERIFIED).
 */
export const sendPrimaryVerification = (
  project: StoredProject,
  user: ServerUser,
  requested: { readonly email: string; readonly callbackUrl: string }
) =>
  Effect.gen(function* () {
    const email = requested.email.trim()
    if (user.primaryEmail !== email) {
      return yield* Effect.fail(new EmailIsNotPrimaryEmail({ details: { email, primary_email: user.primaryEmail } }))
    }
    if (user.primaryEmailVerified) return yield* Effect.fail(new EmailAlreadyVerified({}))
    yield* checkCallbackUrl(project, requested.callbackUrl)
    yield* sendVerificationEmail({
      project,
      userId: user.id,
      userDisplayName: user.displayName,
      email,
      callbackUrl: requested.callbackUrl
    })
  })

/** Emails a verification link for one of the user's channels that is not verified yet (EMAIL_ALREADY_VERIFIED). */
export const sendChannelVerification = (
  project: StoredProject,
  user: ServerUser,
  channelId: string,
  callbackUrl: string
) =>
  Effect.gen(function* () {
    const channel = yield* getContactChannelOf(project.id, user.id, channelId)
    if (channel.isVerified) return yield* Effect.fail(new EmailAlreadyVerified({}))
    yield* checkCallbackUrl(project, callbackUrl)
    yield* sendVerificationEmail({
      project,
      userId: user.id,
      userDisplayName: user.displayName,
      email: channel.value,
      callbackUrl
    })
  })
