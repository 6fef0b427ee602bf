/**
 * The second step of an MFA sign-in: the attempt code of MULTI_FACTOR_AUTHENTICATION_REQUIRED plus the
 * current TOTP code. A wrong TOTP counts against the attempt but does not spend it, so the user can
 * retype; the attempt is spent only by a successful sign-in.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CodeCheckResponse, CodeRequest, MfaSignInRequest } from "@stackfx/lib/domain/auth-requests.js"
import { SignInResponse } from "@stackfx/lib/domain/tokens.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, HttpStatusError } from "../http/respond.js"
import { createSession } from "../operations/sessions.js"
import { checkCode, CodePurpose, countFailedAttempt, useCode } from "../operations/verification-codes.js"
import { Db } from "../store/db.js"
import { findTotpSecret } from "../store/users.js"
import { totpSecretFromBase64, verifyTotp } from "../totp.js"
import { ALL } from "../http/access.js"

const isNewUserOf = (data: Schema.Json): boolean =>
  typeof data === "object" && data !== null && !Array.isArray(data) && (data as Schema.JsonObject)["is_new_user"] === true

const attemptGone = () =>
  new HttpStatusError({ status: 400, message: "The user of this sign-in attempt no longer needs or has a TOTP secret. Sign in again." })

export const routes = [
  endpoint({
    method: "POST",
    path: "/auth/mfa/sign-in",
    access: ALL,
    body: MfaSignInRequest,
    handler: ({ auth: { project }, body }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const attempt = yield* checkCode(project.id, CodePurpose.mfaAttempt, body.code)
        const userId = attempt.userId
        const stored = userId === null ? null : yield* findTotpSecret(db, project.id, userId)
        if (userId === null || stored === null) return yield* Effect.fail(attemptGone())
        const secret = yield* Effect.mapError(totpSecretFromBase64(stored), attemptGone)
        yield* verifyTotp(secret, body.totp).pipe(Effect.tapError(() => countFailedAttempt(attempt)))
        yield* useCode(project.id, CodePurpose.mfaAttempt, body.code)
        const session = yield* createSession({ projectId: project.id, userId })
        return yield* encoded(SignInResponse, {
          accessToken: session.accessToken,
          refreshToken: session.refreshToken,
          userId,
          isNewUser: isNewUserOf(attempt.data)
        })
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/mfa/sign-in/check-code",
    access: ALL,
    body: CodeRequest,
    handler: ({ auth: { project }, body }) =>
      Effect.andThen(checkCode(project.id, CodePurpose.mfaAttempt, body.code), encoded(CodeCheckResponse, { isCodeValid: true }))
  })
]
