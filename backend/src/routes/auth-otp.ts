/** Magic link / OTP sign-in: send the code, check it, sign in with it. */
import * as Effect from "effect/Effect"
import { CodeCheckResponse, CodeRequest, EmailLinkRequest } from "@stackfx/lib/domain/auth-requests.js"
import { OtpSendResponse, SignInResponse } from "@stackfx/lib/domain/tokens.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, HttpStatusError } from "../http/respond.js"
import { redeemEmailedCode } from "../operations/emailed-codes.js"
import { requireMfa } from "../operations/mfa.js"
import { redeemSignInCode, sendSignInCode } from "../operations/otp.js"
import { createSession } from "../operations/sessions.js"
import { CodePurpose } from "../operations/verification-codes.js"
import type { StoredProject } from "../store/projects.js"
import { ALL } from "../http/access.js"


const magicLinkEnabled = (project: StoredProject) =>
  project.config.magicLinkEnabled
    ? Effect.void
    : Effect.fail(new HttpStatusError({ status: 403, message: "OTP sign-in is not enabled for this project" }))

export const routes = [
  endpoint({
    method: "POST",
    path: "/auth/otp/send-sign-in-code",
    access: ALL,
    body: EmailLinkRequest,
    handler: ({ auth: { project }, body }) =>
      Effect.gen(function*() {
        yield* magicLinkEnabled(project)
        const nonce = yield* sendSignInCode(project, body.email.trim(), body.callbackUrl)
        return yield* encoded(OtpSendResponse, { nonce })
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/otp/sign-in/check-code",
    access: ALL,
    body: CodeRequest,
    handler: ({ auth: { project }, body }) =>
      Effect.andThen(
        redeemEmailedCode(project.id, CodePurpose.magicLink, body.code, "check"),
        encoded(CodeCheckResponse, { isCodeValid: true })
      )
  }),
  endpoint({
    method: "POST",
    path: "/auth/otp/sign-in",
    access: ALL,
    body: CodeRequest,
    handler: ({ auth: { project, user: current }, body }) =>
      Effect.gen(function*() {
        yield* magicLinkEnabled(project)
        const { user, isNewUser } = yield* redeemSignInCode(project, body.code, current)
        if (user.isMultiFactorRequired) return yield* requireMfa(project.id, user.id, isNewUser)
        const session = yield* createSession({ projectId: project.id, userId: user.id })
        return yield* encoded(SignInResponse, {
          accessToken: session.accessToken,
          refreshToken: session.refreshToken,
          userId: user.id,
          isNewUser
        })
      })
  })
]
