/**
 * Creating a user (a server's `POST /users`, a sign-up, a guest): with its primary e-mail channel, password,
 * OAuth accounts (written by OAuth's store), default project permissions and, when the project asks for one,
 * a personal team. A primary email is used for sign-in only when asked (`primaryEmailAuthEnabled`, default
 * false), so several users may share an email that none of them signs in with.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ServerUserCreate } from "@stackfx/lib/domain/user-inputs.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { randomId } from "../../crypto/secrets.js"
import { insertContactChannel, normalizeEmail } from "../../store/users/contact-channels.js"
import { Db } from "../../store/db.js"
import { setPasswordHash } from "../../store/auth/passwords.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { findUserView, insertUser } from "../../store/users/users.js"
import { grantDefaultProjectPermissions } from "../permissions/project-permissions.js"
import { emitWebhook } from "../webhooks/emit.js"
import { insertOAuthAccount } from "../../oauth/store/oauth-accounts.js"
import { checkSignUp, restrictionNote, type SignUpAttempt } from "../config/sign-up-rules.js"
import type { SignUpRejected } from "@stackfx/lib/errors/known/sign-in.js"
import {
  type UserWriteError,
  emailConflict,
  storedPasswordHash,
  checkPrimaryEmailFlags,
  displayNameOf,
  checkTotpSecret,
  assertEmailFree,
  signUpFactColumns
} from "./user-write-rules.js"
import { createPersonalTeam } from "./personal-team.js"

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
