/** Password sign-up and sign-in. */
import * as Effect from "effect/Effect"
import { PasswordSignInRequest, PasswordSignUpRequest } from "@stackfx/lib/domain/auth-requests.js"
import { isTrustedRedirect } from "@stackfx/lib/domain/rules/redirect-trust.js"
import { PasswordSignInResponse } from "@stackfx/lib/domain/tokens.js"
import {
  EmailPasswordMismatch,
  PasswordAuthenticationNotEnabled,
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled
} from "@stackfx/lib/errors/known/sign-in.js"
import { checkPasswordLength, verifyPassword } from "../crypto/password.js"
import { endpoint } from "../http/endpoint.js"
import { encoded } from "../http/respond.js"
import { sendSignUpVerification } from "../operations/contact-channels.js"
import { requireMfa } from "../operations/mfa.js"
import { createSession } from "../operations/sessions.js"
import { signUpUser } from "../operations/sign-up.js"
import { findAuthChannelByEmail } from "../store/contact-channels.js"
import { Db } from "../store/db.js"
import { findPasswordHash } from "../store/passwords.js"
import type { StoredProject } from "../store/projects.js"
import { findTotpSecret } from "../store/users.js"
import { ALL } from "../http/access.js"


/** The project accepts this URL as a place to send users back to. */
export const isTrustedCallback = (project: StoredProject, url: string) =>
  isTrustedRedirect(url, {
    trustedDomains: project.config.domains.map((d) => d.domain),
    allowLocalhost: project.config.allowLocalhost
  })

const tokensFor = (projectId: string, userId: string) =>
  Effect.flatMap(createSession({ projectId, userId }), (session) =>
    encoded(PasswordSignInResponse, { accessToken: session.accessToken, refreshToken: session.refreshToken, userId }))

export const routes = [
  endpoint({
    method: "POST",
    path: "/auth/password/sign-up",
    access: ALL,
    body: PasswordSignUpRequest,
    // The request's user is a guest to upgrade when its token is an anonymous user's (operations/sign-up.ts).
    handler: ({ auth: { project, user: current }, body }) =>
      Effect.gen(function*() {
        if (!project.config.credentialEnabled) return yield* Effect.fail(new PasswordAuthenticationNotEnabled({}))
        const callback = body.verificationCallbackUrl
        if (callback !== undefined && !isTrustedCallback(project, callback)) {
          return yield* Effect.fail(new RedirectUrlNotWhitelisted({}))
        }
        if (!project.config.signUpEnabled) return yield* Effect.fail(new SignUpNotEnabled({}))
        yield* checkPasswordLength(body.password)
        const user = yield* signUpUser(project, current, {
          primaryEmail: body.email.trim(),
          primaryEmailVerified: false,
          primaryEmailAuthEnabled: true,
          password: body.password,
          signUp: { authMethod: "password" }
        })
        if (callback !== undefined) yield* sendSignUpVerification(project, user, callback)
        if (user.isMultiFactorRequired) return yield* requireMfa(project.id, user.id, true)
        return yield* tokensFor(project.id, user.id)
      })
  }),
  endpoint({
    method: "POST",
    path: "/auth/password/sign-in",
    access: ALL,
    body: PasswordSignInRequest,
    handler: ({ auth: { project }, body }) =>
      Effect.gen(function*() {
        if (!project.config.credentialEnabled) return yield* Effect.fail(new PasswordAuthenticationNotEnabled({}))
        const db = yield* Db
        const channel = yield* findAuthChannelByEmail(db, project.id, body.email)
        const hash = channel === undefined ? undefined : yield* findPasswordHash(db, project.id, channel.userId)
        // Runs scrypt even without an account, so timing does not reveal which emails exist.
        const matches = yield* verifyPassword(body.password, hash)
        if (!matches || channel === undefined) return yield* Effect.fail(new EmailPasswordMismatch({}))
        const totpSecret = yield* findTotpSecret(db, project.id, channel.userId)
        if (totpSecret !== null) return yield* requireMfa(project.id, channel.userId, false)
        return yield* tokensFor(project.id, channel.userId)
      })
  })
]
