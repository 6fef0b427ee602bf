/** Magic link / OTP sign-in: send the code, check it, sign in with it. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { SignInResponse } from "../../domain/tokens.js"
import { endpoint } from "../http/endpoint.js"
import { encoded, HttpStatusError, json } from "../http/respond.js"
import { redeemEmailedCode } from "../services/emailed-codes.js"
import { requireMfa } from "../services/mfa.js"
import { redeemSignInCode, sendSignInCode } from "../services/otp.js"
import { createSession } from "../services/sessions.js"
import { CodePurpose } from "../services/verification-codes.js"
import type { StoredProject } from "../store/projects.js"
import { EmailAddress } from "../../domain/rules/email.js"
import { ALL } from "../http/access.js"

const SendBody = Schema.Struct({ email: EmailAddress, callback_url: Schema.String })
const CodeBody = Schema.Struct({ code: Schema.String })

const magicLinkEnabled = (project: StoredProject) =>
  project.config.magicLinkEnabled
    ? Effect.void
    : Effect.fail(new HttpStatusError({ status: 403, message: "OTP sign-in is not enabled for this project" }))

export const routes = [
  endpoint({
    method: "POST",
    path: "/auth/otp/send-sign-in-code",
    access: ALL,
    body: SendBody,
    handler: ({ auth: { project }, body }) =>
      Effect.gen(function*() {
        yield* magicLinkEnabled(project)
        const nonce = yield* sendSignInCode(project, body.email.trim(), body.callback_url)
        return json({ nonce })
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/otp/sign-in/check-code",
    access: ALL,
    body: CodeBody,
    handler: ({ auth: { project }, body }) =>
      Effect.as(redeemEmailedCode(project.id, CodePurpose.magicLink, body.code, "check"), json({ is_code_valid: true }))
  }),
  endpoint({
    method: "POST",
    path: "/auth/otp/sign-in",
    access: ALL,
    body: CodeBody,
    handler: ({ auth: { project }, body }) =>
      Effect.gen(function*() {
        yield* magicLinkEnabled(project)
        const { user, isNewUser } = yield* redeemSignInCode(project, body.code)
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
