/**
 * User creation, update and deletion with the rules the routes share: auth emails are unique per
 * project, passwords are 8..70 characters and hashed before any transaction starts (scrypt is slow and
 * PGlite has one session), a server may instead import a bcrypt `passwordHash`, a selected team must be
 * one of the user's teams, and a project with `createTeamOnSignUp` gives every new user a personal team.
 * A primary email is used for sign-in only when asked (`primaryEmailAuthEnabled`, default false), so
 * several users may share an email that none of them signs in with.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ServerUserCreate, ServerUserUpdate } from "@stackfx/lib/domain/user-inputs.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { TeamMembershipNotFound } from "@stackfx/lib/errors/known/teams.js"
import { ContactChannelAlreadyUsedForAuthBySomeoneElse } from "@stackfx/lib/errors/known/contact-channels.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { hashPassword, isImportablePasswordHash, type PasswordHashError } from "../../crypto/password.js"
import { Refused } from "../../errors/refused.js"
import { randomId } from "../../crypto/secrets.js"
import { totpSecretFromBase64 } from "../../totp.js"
import {
  AUTH_CHANNEL_UNIQUE,
  findAuthChannelByEmail,
  findPrimaryChannel,
  insertContactChannel,
  normalizeEmail,
  updateContactChannel,
  clearPrimaryChannel,
  findUserChannelByValue
} from "../../store/users/contact-channels.js"
import { Db, type DbEffect, type DbError, isUniqueViolation } from "../../store/db.js"
import { removePasswordHash, setPasswordHash } from "../../store/auth/passwords.js"
import { revokeUserRefreshTokens } from "../../store/auth/refresh-tokens.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { insertTeam, insertTeamMember, isTeamMember, listTeams } from "../../store/teams/teams.js"
import { grantDefaultPermissions } from "../permissions/team-permissions.js"
import { cacheKeys } from "../../store/read-cache.js"
import {
  deleteUser as deleteUserRow,
  findUserSignUp,
  findUserSortKey,
  findUserView,
  insertUser,
  listUserViews,
  updateUserColumns,
  type UserListQuery,
  type UserOrder
} from "../../store/users/users.js"
import { grantDefaultProjectPermissions } from "../permissions/project-permissions.js"
import { emitWebhook, emitWebhooks } from "../webhooks/emit.js"
import { insertOAuthAccount } from "../../oauth/store/oauth-accounts.js"
import { checkSignUp, restrictionNote, type SignUpAttempt } from "../config/sign-up-rules.js"
import type { SignUpRejected } from "@stackfx/lib/errors/known/sign-in.js"

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
const emailConflict = (email: string | null | undefined) => (error: DbError) =>
  Effect.fail(isUniqueViolation(error, AUTH_CHANNEL_UNIQUE) ? emailTaken(email ?? "") : error)

const badRequest = (message: string) => new Refused({ reason: "invalid", message })

/**
 * The stored hash a create or update asks for: a password hashed here, an imported bcrypt hash kept as
 * it is, `null` to remove the password, `undefined` to leave it.
 */
const storedPasswordHash = (input: {
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
const checkPrimaryEmailFlags = (flags: {
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
const displayNameOf = (name: string | null): string | null => (name === "" ? null : name)

const checkTotpSecret = (secret: string | null | undefined) =>
  secret === undefined || secret === null
    ? Effect.void
    : Effect.mapError(
        totpSecretFromBase64(secret),
        () => new SchemaError({ details: { message: "totp_secret_base64 must be a non-empty base64 string" } })
      )

/** No channel of the project signs in with this address, the user's own other channels included (as the service). */
const assertEmailFree = (projectId: string, email: string) =>
  Effect.flatMap(findAuthChannelByEmail(projectId, email), (found) =>
    found !== undefined ? Effect.fail(emailTaken(email)) : Effect.void
  )

/** The name of a personal team made for a user without a name or e-mail (an anonymous user's). */
export const PERSONAL_TEAM_DEFAULT_NAME = "Personal Team"

/** The name the service gives a personal team: the user's name, else their e-mail, else none of them. */
export const personalTeamName = (name: string | null, email: string | null): string =>
  name !== null && name !== "" ? `${name}'s Team` : email !== null ? `${email}'s Team` : PERSONAL_TEAM_DEFAULT_NAME

/**
 * The personal team of a new user. Its creator gets the project's creator defaults only, as the hosted
 * service's "creator" membership does (a creator does not also get the member defaults).
 */
const createPersonalTeam = (
  project: StoredProject,
  userId: string,
  name: string | null,
  email: string | null,
  now: Date
) =>
  Effect.gen(function* () {
    const teamId = yield* randomId
    const team = {
      id: teamId,
      displayName: personalTeamName(name, email),
      profileImageUrl: null,
      clientMetadata: null,
      clientReadOnlyMetadata: null,
      serverMetadata: null,
      createdAt: now
    }
    yield* insertTeam({ ...team, projectId: project.id })
    yield* insertTeamMember({ projectId: project.id, teamId, userId, createdAt: now })
    yield* grantDefaultPermissions(project, { teamId, userId }, "creator")
    yield* updateUserColumns(project.id, userId, { selectedTeamId: teamId })
    // As the service's team creation with a creator: team.created, no membership or permission events.
    yield* emitWebhook(project.id, { type: "team.created", data: team })
  })

export interface CreateUserInput extends Omit<ServerUserCreate, "oauthProviders"> {
  readonly oauthProviders?: ServerUserCreate["oauthProviders"]
  readonly isAnonymous?: boolean
  /** A sign-up by the user (not the server API): the project's sign-up rules decide whether it may happen. */
  readonly signUp?: Omit<SignUpAttempt, "email">
}

/** Creates a user and returns its server view. */
export const createUser = (
  project: StoredProject,
  input: CreateUserInput
): Effect.Effect<ServerUser, UserWriteError | SignUpRejected, Db> =>
  Effect.gen(function* () {
    const decision =
      input.signUp === undefined
        ? undefined
        : yield* checkSignUp(project, { ...input.signUp, email: input.primaryEmail ?? null })
    const restrictedBy = decision?.restrictedBy
    const passwordHash = yield* storedPasswordHash(input)
    yield* checkPrimaryEmailFlags(input)
    yield* checkTotpSecret(input.totpSecretBase64)
    // Hosted stores the primary e-mail trimmed and lower-cased (users create, which every sign-up goes through).
    const email =
      input.primaryEmail === undefined || input.primaryEmail === null ? null : normalizeEmail(input.primaryEmail)
    const usedForAuth = email !== null && (input.primaryEmailAuthEnabled ?? false)
    const displayName = displayNameOf(input.displayName ?? null)
    const now = new Date(yield* Clock.currentTimeMillis)
    const userId = yield* randomId
    const created = Db.transaction(
      Effect.gen(function* () {
        if (email !== null && usedForAuth) yield* assertEmailFree(project.id, email)
        yield* insertUser({
          id: userId,
          projectId: project.id,
          displayName,
          profileImageUrl: input.profileImageUrl ?? null,
          clientMetadata: input.clientMetadata ?? null,
          clientReadOnlyMetadata: input.clientReadOnlyMetadata ?? null,
          serverMetadata: input.serverMetadata ?? null,
          signedUpAt: now,
          totpSecretBase64: input.totpSecretBase64 ?? null,
          otpAuthEnabled: input.otpAuthEnabled ?? false,
          passkeyAuthEnabled: input.passkeyAuthEnabled ?? false,
          isAnonymous: input.isAnonymous ?? false,
          restrictedByAdmin: input.restrictedByAdmin ?? restrictedBy !== undefined,
          restrictedByAdminReason: input.restrictedByAdminReason ?? null,
          restrictedByAdminPrivateDetails:
            input.restrictedByAdminPrivateDetails ??
            (restrictedBy === undefined ? null : restrictionNote(restrictedBy)),
          ...signUpFactColumns(input)
        })
        if (email !== null) {
          yield* insertContactChannel({
            id: yield* randomId,
            projectId: project.id,
            userId,
            type: "email",
            value: email,
            isVerified: input.primaryEmailVerified ?? false,
            isPrimary: true,
            usedForAuth
          })
        }
        if (passwordHash !== undefined && passwordHash !== null)
          yield* setPasswordHash(project.id, userId, passwordHash)
        for (const provider of input.oauthProviders ?? []) {
          yield* insertOAuthAccount({
            id: yield* randomId,
            projectId: project.id,
            userId,
            providerId: provider.id,
            accountId: provider.accountId,
            email: provider.email,
            createdAt: now
          })
        }
        yield* grantDefaultProjectPermissions(project, userId)
        // The service answers the user as read before its personal team is made (its selected team is null in
        // the create's answer, and set from then on).
        const view = yield* findUserView(project.id, userId)
        if (view !== undefined) yield* emitWebhook(project.id, { type: "user.created", data: view })
        if (project.config.createTeamOnSignUp) {
          yield* createPersonalTeam(project, userId, displayName, email, now)
        }
        return view
      })
    )
    const user = yield* Effect.catchTag(created, "DbError", emailConflict(email))
    return user === undefined ? yield* Effect.die(new Error("created user not found")) : user
  })

/** What a client may change about itself is a subset; routes pass the decoded body of their tier. */
export type UserPatch = ServerUserUpdate

/**
 * The administrator's restriction columns a PATCH writes. Lifting the restriction clears its reason and
 * private details, as the hosted service does; the route has already refused a reason without the flag.
 */
const restrictionColumns = (patch: UserPatch) =>
  patch.restrictedByAdmin === false
    ? { restrictedByAdmin: false, restrictedByAdminReason: null, restrictedByAdminPrivateDetails: null }
    : {
        ...(patch.restrictedByAdmin === undefined ? {} : { restrictedByAdmin: patch.restrictedByAdmin }),
        ...(patch.restrictedByAdminReason === undefined
          ? {}
          : { restrictedByAdminReason: patch.restrictedByAdminReason }),
        ...(patch.restrictedByAdminPrivateDetails === undefined
          ? {}
          : { restrictedByAdminPrivateDetails: patch.restrictedByAdminPrivateDetails })
      }

/** The sign-up facts a server may set: the country (`null` clears it) and the risk scores. */
const signUpFactColumns = (input: {
  readonly countryCode?: string | null | undefined
  readonly riskScores?: { readonly signUp: { readonly bot: number; readonly freeTrialAbuse: number } } | undefined
}) => ({
  ...(input.countryCode === undefined ? {} : { countryCode: input.countryCode }),
  ...(input.riskScores === undefined
    ? {}
    : { riskScoreBot: input.riskScores.signUp.bot, riskScoreFreeTrialAbuse: input.riskScores.signUp.freeTrialAbuse })
})

/**
 * A guest becomes a normal user (`is_anonymous: false`, by a sign-up's upgrade or a server's PATCH), as the
 * service does it: signed up now, and its personal teams still called "Personal Team" named as a new user's
 * would be, from the name and e-mail of the same write.
 */
export const endGuestState = (
  projectId: string,
  userId: string,
  names: { readonly displayName?: string | null | undefined; readonly primaryEmail?: string | null | undefined }
): DbEffect<void> =>
  Effect.gen(function* () {
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* updateUserColumns(projectId, userId, { isAnonymous: false, signedUpAt: now })
    yield* Db.query(
      `update teams set display_name = $1
        where project_id = $2 and display_name = $3
          and id in (select team_id from team_members where project_id = $2 and user_id = $4)`,
      [
        personalTeamName(names.displayName ?? null, names.primaryEmail ?? null),
        projectId,
        PERSONAL_TEAM_DEFAULT_NAME,
        userId
      ]
    )
  })

/** Applies a PATCH and returns the new server view. */
export const updateUser = (
  projectId: string,
  userId: string,
  patch: UserPatch
): Effect.Effect<ServerUser, UserWriteError | UserNotFound, Db> =>
  Effect.gen(function* () {
    const passwordHash = yield* storedPasswordHash(patch)
    yield* checkTotpSecret(patch.totpSecretBase64)
    // Every statement below touches this user's own rows only (its columns, its primary email, its
    // password, its sessions), so the write leaves the other cached reads valid: other users reading
    // themselves meanwhile are answered from the cache instead of queueing behind the write.
    const updated = Db.writesOnly(
      [cacheKeys.user(projectId, userId)],
      Db.transaction(
        Effect.gen(function* () {
          // Existence (and whether a guest), the whole view is read once, at the end.
          const existing = yield* findUserSignUp(projectId, userId)
          if (existing === undefined) return yield* Effect.fail(new UserNotFound({}))
          if (patch.selectedTeamId !== undefined && patch.selectedTeamId !== null) {
            const member = yield* isTeamMember(projectId, patch.selectedTeamId, userId)
            if (!member) {
              return yield* Effect.fail(
                new TeamMembershipNotFound({ details: { team_id: patch.selectedTeamId, user_id: userId } })
              )
            }
          }
          yield* updateUserColumns(projectId, userId, {
            ...(patch.displayName === undefined ? {} : { displayName: displayNameOf(patch.displayName) }),
            ...(patch.profileImageUrl === undefined ? {} : { profileImageUrl: patch.profileImageUrl }),
            ...(patch.clientMetadata === undefined ? {} : { clientMetadata: patch.clientMetadata }),
            ...(patch.clientReadOnlyMetadata === undefined
              ? {}
              : { clientReadOnlyMetadata: patch.clientReadOnlyMetadata }),
            ...(patch.serverMetadata === undefined ? {} : { serverMetadata: patch.serverMetadata }),
            ...(patch.selectedTeamId === undefined ? {} : { selectedTeamId: patch.selectedTeamId }),
            ...(patch.totpSecretBase64 === undefined ? {} : { totpSecretBase64: patch.totpSecretBase64 }),
            ...(patch.otpAuthEnabled === undefined ? {} : { otpAuthEnabled: patch.otpAuthEnabled }),
            ...(patch.passkeyAuthEnabled === undefined ? {} : { passkeyAuthEnabled: patch.passkeyAuthEnabled }),
            ...restrictionColumns(patch),
            ...signUpFactColumns(patch)
          })
          yield* updatePrimaryEmail(projectId, userId, patch)
          if (existing.isAnonymous && patch.isAnonymous === false) yield* endGuestState(projectId, userId, patch)
          if (passwordHash === null) yield* removePasswordHash(projectId, userId)
          else if (passwordHash !== undefined) yield* setPasswordHash(projectId, userId, passwordHash)
          // Hosted deletes every refresh token of the user whenever a PATCH sets or removes the password.
          if (passwordHash !== undefined) {
            yield* revokeUserRefreshTokens(projectId, userId, new Date(yield* Clock.currentTimeMillis))
          }
          const view = yield* findUserView(projectId, userId)
          if (view !== undefined) yield* emitWebhook(projectId, { type: "user.updated", data: view })
          return view
        })
      )
    )
    const user = yield* Effect.catchTag(
      updated,
      "DbError",
      emailConflict(
        patch.primaryEmail === undefined || patch.primaryEmail === null
          ? patch.primaryEmail
          : normalizeEmail(patch.primaryEmail)
      )
    )
    return user === undefined ? yield* Effect.fail(new UserNotFound({})) : user
  })

/**
 * A PATCH's primary e-mail, as the service's users route writes it:
 * - `null` removes the primary e-mail: the channel stays, demoted to a non-primary one (its flags kept), and the
 *   body's verified and auth flags count as false;
 * - the auth flag defaults to the current primary channel's (false without one), the verified flag likewise, and
 *   either set without a primary e-mail is a plain 400;
 * - signing in with a new address needs it free in the whole project, the user's own other channels included
 *   (`CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE`);
 * - a new address the user already has as a channel becomes the primary one; any other new address is a new
 *   primary channel (unverified unless the body says otherwise), and the old primary stays, demoted.
 */
const updatePrimaryEmail = (projectId: string, userId: string, patch: UserPatch) =>
  Effect.gen(function* () {
    const touchesEmail =
      patch.primaryEmail !== undefined ||
      patch.primaryEmailVerified !== undefined ||
      patch.primaryEmailAuthEnabled !== undefined
    if (!touchesEmail) return
    const current = yield* findPrimaryChannel(projectId, userId)
    const removing = patch.primaryEmail === null
    // A new primary e-mail is stored trimmed and lower-cased, as hosted users update does.
    const email =
      patch.primaryEmail === undefined
        ? (current?.value ?? null)
        : patch.primaryEmail === null
          ? null
          : normalizeEmail(patch.primaryEmail)
    const usedForAuth = removing ? false : (patch.primaryEmailAuthEnabled ?? current?.usedForAuth ?? false)
    const verified = removing ? false : (patch.primaryEmailVerified ?? current?.isVerified ?? false)
    yield* checkPrimaryEmailFlags({
      primaryEmail: email,
      primaryEmailAuthEnabled: usedForAuth,
      primaryEmailVerified: verified
    })
    if (email === null) {
      if (removing) yield* clearPrimaryChannel(projectId, userId, "email")
      return
    }
    const changed = current === undefined || normalizeEmail(current.value) !== email
    if (usedForAuth && changed) yield* assertEmailFree(projectId, email)
    if (!changed) {
      yield* updateContactChannel(projectId, current.id, {
        usedForAuth,
        ...(patch.primaryEmailVerified === undefined ? {} : { isVerified: patch.primaryEmailVerified })
      })
      return
    }
    const existing = yield* findUserChannelByValue(projectId, userId, "email", email)
    yield* clearPrimaryChannel(projectId, userId, "email")
    if (existing !== undefined) {
      yield* updateContactChannel(projectId, existing.id, {
        isPrimary: true,
        usedForAuth,
        ...(patch.primaryEmailVerified === undefined ? {} : { isVerified: patch.primaryEmailVerified })
      })
      return
    }
    yield* insertContactChannel({
      id: yield* randomId,
      projectId,
      userId,
      type: "email",
      value: email,
      isVerified: patch.primaryEmailVerified ?? false,
      isPrimary: true,
      usedForAuth
    })
  })

/**
 * Deletes a user with everything that belongs to it; fails with `UserNotFound` when there is none. As the
 * service does, a `team_membership.deleted` per team it belonged to, then `user.deleted` naming those teams.
 */
export const deleteUser = (projectId: string, userId: string): DbEffect<void, UserNotFound> =>
  Db.transaction(
    Effect.gen(function* () {
      const teams = yield* listTeams(projectId, userId)
      const deleted = yield* deleteUserRow(projectId, userId)
      if (!deleted) return yield* Effect.fail(new UserNotFound({}))
      yield* emitWebhooks(projectId, [
        ...teams.map((team) => ({ type: "team_membership.deleted" as const, data: { teamId: team.id, userId } })),
        { type: "user.deleted", data: { id: userId, teams: teams.map((team) => ({ id: team.id })) } }
      ])
    })
  )

/** A user of the project, or `UserNotFound`. */
export const getUser = (projectId: string, userId: string): DbEffect<ServerUser, UserNotFound> =>
  Effect.gen(function* () {
    const user = yield* findUserView(projectId, userId)
    return user === undefined ? yield* Effect.fail(new UserNotFound({})) : user
  })

/** Which users a list has (see `UserListQuery` in the store). */
export type ListedUsers = NonNullable<UserListQuery["include"]>

/** The most users a list without a limit may hold, as on the service. */
const MAX_UNLIMITED_LIST = 1000

/**
 * One page of users by sign-up time or latest activity (then id). `nextCursor` is the id of the page's last
 * user when more follow (the next page starts after it), as on the service; a list without a limit is one
 * page, and one of more than 1,000 users is refused (a plain 400: pass a limit and page).
 */
export const listUsers = (query: {
  readonly projectId: string
  readonly teamId?: string | undefined
  readonly search?: string | undefined
  readonly desc: boolean
  readonly orderBy: UserOrder
  /** The id of the previous page's last user. */
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
  readonly excludedEmailDomains: ReadonlyArray<string>
  readonly include: ListedUsers
}): DbEffect<{ readonly items: ReadonlyArray<ServerUser>; readonly nextCursor: string | null }, Refused> =>
  Effect.gen(function* () {
    let cursor: { readonly at: Date; readonly id: string } | undefined
    if (query.cursor !== undefined) {
      const at = yield* findUserSortKey(query.projectId, query.cursor, query.orderBy)
      // A cursor whose user is gone starts nowhere: the page is empty, not the first page again.
      if (at === undefined) return { items: [], nextCursor: null }
      cursor = { at, id: query.cursor }
    }
    const found = yield* listUserViews({
      projectId: query.projectId,
      teamId: query.teamId,
      search: query.search,
      desc: query.desc,
      orderBy: query.orderBy,
      cursor,
      excludedEmailDomains: query.excludedEmailDomains,
      include: query.include,
      limit: (query.limit ?? MAX_UNLIMITED_LIST) + 1
    })
    if (query.limit === undefined) {
      if (found.length > MAX_UNLIMITED_LIST) {
        return yield* Effect.fail(
          badRequest(
            `Listing more than ${MAX_UNLIMITED_LIST} users requires a limit. Pass limit and paginate using cursor.`
          )
        )
      }
      return { items: found, nextCursor: null }
    }
    const items = found.slice(0, query.limit)
    return { items, nextCursor: found.length > query.limit ? (items.at(-1)?.id ?? null) : null }
  })
