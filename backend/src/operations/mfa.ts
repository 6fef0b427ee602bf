/** The MFA step of sign-in: a user with a TOTP secret gets an attempt code instead of tokens. */
import * as Effect from "effect/Effect"
import { MultiFactorAuthenticationRequired } from "@stackfx/lib/errors/known/sign-in.js"
import type { Db, DbError } from "../store/db.js"
import { CodePurpose, issueCode } from "./verification-codes.js"

/** How long the attempt code of an MFA sign-in stays valid. */
export const MFA_ATTEMPT_TTL_MS = 10 * 60 * 1000

/**
 * Stores an MFA attempt (data: `{ user_id, is_new_user }`) and fails with the known error carrying it;
 * `/auth/mfa/sign-in` redeems it with `useCode(projectId, CodePurpose.mfaAttempt, code)`.
 */
export const requireMfa = (
  projectId: string,
  userId: string,
  isNewUser: boolean
): Effect.Effect<never, MultiFactorAuthenticationRequired | DbError, Db> =>
  Effect.flatMap(
    issueCode({
      projectId,
      purpose: CodePurpose.mfaAttempt,
      ttlMillis: MFA_ATTEMPT_TTL_MS,
      userId,
      data: { user_id: userId, is_new_user: isNewUser }
    }),
    (attemptCode) => Effect.fail(new MultiFactorAuthenticationRequired({ details: { attempt_code: attemptCode } }))
  )
