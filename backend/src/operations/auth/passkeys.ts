/**
 * Passkey ceremonies as the hosted service runs them: each initiation answers WebAuthn options (with the
 * relying-party sentinel the client replaces by its hostname) and a single-use code that keeps the
 * challenge; the second call presents the browser's answer with that code. A user has one passkey
 * (registering again replaces it) and `passkey_auth_enabled` follows it. Origins must be trusted by the
 * project: localhost while it is allowed, or one of its domains.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { PasskeyAuthenticationFailed, PasskeyRegistrationFailed } from "@stackfx/lib/errors/known/passkey.js"
import { PasskeyAuthenticationNotEnabled } from "@stackfx/lib/errors/known/sign-in.js"
import { VerificationCodeNotFound } from "@stackfx/lib/errors/known/verification.js"
import { randomId } from "../../crypto/secrets.js"
import {
  authenticationOptions,
  PASSKEY_CEREMONY_TIMEOUT_MS,
  registrationOptions,
  trustedOriginPolicy,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration
} from "../../passkey/index.js"
import { Db, isUniqueViolation } from "../../store/db.js"
import {
  deleteUserPasskeys,
  insertPasskey,
  PASSKEY_CREDENTIAL_UNIQUE,
  sqlPasskeyStore
} from "../../store/auth/passkeys.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { findUserView, updateUserColumns } from "../../store/users/users.js"
import { requireMfa } from "./mfa.js"
import { createSession } from "./sessions.js"
import { checkCode, CodePurpose, countFailedAttempt, issueCode, useCode } from "../codes/verification-codes.js"

/** The ceremony's code outlives the browser's timeout a little, as the hosted service's does. */
export const PASSKEY_CODE_TTL_MS = PASSKEY_CEREMONY_TIMEOUT_MS + 5_000

const ChallengeData = Schema.Struct({ challenge: Schema.String })
const decodeChallenge = Schema.decodeUnknownOption(ChallengeData)

const requireEnabled = (project: StoredProject) =>
  project.config.passkeyEnabled ? Effect.void : Effect.fail(new PasskeyAuthenticationNotEnabled({}))

const originPolicy = (project: StoredProject) =>
  trustedOriginPolicy({
    allowLocalhost: project.config.allowLocalhost,
    trustedDomains: project.config.domains.map((d) => d.domain)
  })

/** Some authenticators show this; the hosted service falls back the same way. */
const userLabel = (user: ServerUser) => user.displayName ?? user.primaryEmail ?? "Stack Auth User"

/** The ceremony's code keeps its challenge (and, for registration, its user). */
const issueCeremonyCode = (projectId: string, purpose: string, challenge: string, userId: string | null) =>
  issueCode({ projectId, purpose, ttlMillis: PASSKEY_CODE_TTL_MS, userId, data: { challenge } })

/** `{ options_json, code }` for registering a passkey of the signed-in user. */
export const initiateRegistration = (project: StoredProject, user: ServerUser) =>
  Effect.gen(function* () {
    yield* requireEnabled(project)
    const ceremony = yield* registrationOptions({
      projectDisplayName: project.displayName,
      userId: user.id,
      userName: userLabel(user),
      userDisplayName: userLabel(user)
    })
    const code = yield* issueCeremonyCode(project.id, CodePurpose.passkeyRegistration, ceremony.challenge, user.id)
    return { optionsJson: ceremony.options, code }
  })

/** `{ options_json, code }` for signing in with a passkey. */
export const initiateAuthentication = (project: StoredProject) =>
  Effect.gen(function* () {
    yield* requireEnabled(project)
    const ceremony = yield* authenticationOptions()
    const code = yield* issueCeremonyCode(project.id, CodePurpose.passkeyAuthentication, ceremony.challenge, null)
    return { optionsJson: ceremony.options, code }
  })

/** The code's stored challenge; a code of another user is as good as unknown. */
const ceremonyChallenge = (projectId: string, purpose: string, code: string, userId: string | null) =>
  Effect.gen(function* () {
    const row = yield* checkCode(projectId, purpose, code)
    const data = decodeChallenge(row.data)
    if (Option.isNone(data) || (userId !== null && row.userId !== userId)) {
      return yield* Effect.fail(new VerificationCodeNotFound({}))
    }
    return { row, challenge: data.value.challenge }
  })

/** Verifies and stores the signed-in user's new passkey; answers its credential id (`user_handle`). */
export const registerPasskey = (project: StoredProject, user: ServerUser, credential: unknown, code: string) =>
  Effect.gen(function* () {
    const { row, challenge } = yield* ceremonyChallenge(project.id, CodePurpose.passkeyRegistration, code, user.id)
    yield* requireEnabled(project)
    const passkey = yield* verifyPasskeyRegistration({
      response: credential,
      expectedChallenge: challenge,
      userId: user.id,
      isTrustedOrigin: originPolicy(project)
    }).pipe(Effect.tapError(() => countFailedAttempt(row)))
    yield* useCode(project.id, CodePurpose.passkeyRegistration, code)
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* Db.transaction(
      Effect.gen(function* () {
        yield* deleteUserPasskeys(project.id, user.id)
        yield* insertPasskey({ id: yield* randomId, projectId: project.id, passkey, createdAt: now })
        yield* updateUserColumns(project.id, user.id, { passkeyAuthEnabled: true })
      })
    ).pipe(
      Effect.catchTag("DbError", (error) =>
        Effect.fail(
          isUniqueViolation(error, PASSKEY_CREDENTIAL_UNIQUE)
            ? new PasskeyRegistrationFailed({
                message: "Passkey registration failed: this passkey is already registered."
              })
            : error
        )
      )
    )
    return passkey.credentialId
  })

/** Verifies a sign-in assertion; answers the user it signs in. */
export const authenticatePasskey = (project: StoredProject, response: unknown, code: string) =>
  Effect.gen(function* () {
    const { row, challenge } = yield* ceremonyChallenge(project.id, CodePurpose.passkeyAuthentication, code, null)
    yield* requireEnabled(project)
    const signedIn = yield* verifyPasskeyAuthentication({
      response,
      expectedChallenge: challenge,
      isTrustedOrigin: originPolicy(project),
      store: yield* sqlPasskeyStore(project.id)
    }).pipe(Effect.tapError(() => countFailedAttempt(row)))
    yield* useCode(project.id, CodePurpose.passkeyAuthentication, code)
    const user = yield* findUserView(project.id, signedIn.userId)
    // A user who turned passkeys off keeps the row but may not sign in with it.
    if (user === undefined || !user.passkeyAuthEnabled) {
      return yield* Effect.fail(
        new PasskeyAuthenticationFailed({ message: "Passkey sign-in failed: passkeys are turned off for this user." })
      )
    }
    return user
  })

/**
 * A passkey sign-in: the assertion verified, then a new session, or MULTI_FACTOR_AUTHENTICATION_REQUIRED
 * with an attempt code for a user with TOTP.
 */
export const signInWithPasskey = (project: StoredProject, response: unknown, code: string) =>
  Effect.gen(function* () {
    const user = yield* authenticatePasskey(project, response, code)
    if (user.isMultiFactorRequired) return yield* requireMfa(project.id, user.id, false)
    const session = yield* createSession({ projectId: project.id, userId: user.id })
    return { accessToken: session.accessToken, refreshToken: session.refreshToken, userId: user.id, isNewUser: false }
  })
