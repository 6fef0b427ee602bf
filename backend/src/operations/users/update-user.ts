/** Updating a user (`PATCH /users/{id}`): its columns, primary e-mail, password and sessions in one write. */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ServerUserUpdate } from "@stackfx/lib/domain/user-inputs.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { TeamMembershipNotFound } from "@stackfx/lib/errors/known/teams.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { normalizeEmail } from "../../store/users/contact-channels.js"
import { Db } from "../../store/db.js"
import { removePasswordHash, setPasswordHash } from "../../store/auth/passwords.js"
import { revokeUserRefreshTokens } from "../../store/auth/refresh-tokens.js"
import { isTeamMember } from "../../store/teams/teams.js"
import { cacheKeys } from "../../store/read-cache.js"
import { findUserSignUp, findUserView, updateUserColumns } from "../../store/users/users.js"
import { emitWebhook } from "../webhooks/emit.js"
import {
  type UserWriteError,
  emailConflict,
  storedPasswordHash,
  displayNameOf,
  checkTotpSecret,
  signUpFactColumns
} from "./user-write-rules.js"
import { endGuestState } from "./personal-team.js"
import { updatePrimaryEmail } from "./primary-email.js"

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
