/**
 * `POST /auth/external/token` after the provider's token is verified (`external-auth.ts`), as the service does
 * it (hexclave/hexclave, `apps/backend/src/lib/external-auth-users.tsx`):
 *
 * - the provider identity (provider, issuer, subject) belongs to one user; its first exchange makes that user
 *   (sign-up must be on and its rules allow an OAuth sign-up through the provider), or upgrades the request's
 *   anonymous user. The token's profile claims fill the new user's profile once: a later exchange never
 *   overwrites what the user or an admin changed. The provider's address never becomes a sign-in method of
 *   its own (`primary_email_auth_enabled` false), so it may be someone else's address too.
 * - two first exchanges of one identity at once: the loser's user is deleted again and it signs in to the
 *   winner's (the identity's unique key decides).
 * - each provider session (`sid`) has one session here, made live again by every exchange.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ExternalAuthProviderId } from "@stackfx/lib/domain/external-auth.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { OAuthProviderAccountIdAlreadyUsedForSignIn } from "@stackfx/lib/errors/known/oauth.js"
import { SignUpNotEnabled } from "@stackfx/lib/errors/known/sign-in.js"
import { sha256Hex } from "../../crypto/secrets.js"
import {
  type ExternalIdentity,
  findExternalIdentityUser,
  insertExternalIdentity,
  userHasProviderIdentity
} from "../../store/auth/external-auth-methods.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { type VerifiedExternalIdentity, verifyExternalAuthToken } from "./external-auth.js"
import { effectiveConfig } from "../config/project-config.js"
import { openExternalSession } from "./sessions.js"
import { signUpUser } from "./sign-up.js"
import { deleteUser } from "../users/users.js"

/** The profile a first exchange gives the user: only what the provider said (a guest keeps the rest). */
const profileOf = (identity: VerifiedExternalIdentity, guest: boolean) => ({
  ...(identity.name === null ? {} : { displayName: identity.name }),
  ...(identity.email === null
    ? guest
      ? {}
      : { primaryEmail: null, primaryEmailVerified: false, primaryEmailAuthEnabled: false }
    : { primaryEmail: identity.email, primaryEmailVerified: identity.emailVerified, primaryEmailAuthEnabled: false })
})

/** The user of a first exchange, and whether it is a new one. */
const firstExchange = (
  project: StoredProject,
  providerId: ExternalAuthProviderId,
  identity: ExternalIdentity,
  verified: VerifiedExternalIdentity,
  current: ServerUser | undefined
) =>
  Effect.gen(function* () {
    if (!project.config.signUpEnabled) return yield* Effect.fail(new SignUpNotEnabled({}))
    const guest = current?.isAnonymous === true ? current : undefined
    // Checked before the guest is upgraded, so that a refused exchange changes nothing.
    if (guest !== undefined && (yield* userHasProviderIdentity(project.id, guest.id, providerId)))
      return yield* Effect.fail(new OAuthProviderAccountIdAlreadyUsedForSignIn({}))
    const user = yield* signUpUser(project, guest, {
      ...profileOf(verified, guest !== undefined),
      signUp: { authMethod: "oauth", oauthProvider: providerId }
    })
    const recorded = yield* insertExternalIdentity(identity, user.id, new Date(yield* Clock.currentTimeMillis))
    if (recorded) return { userId: user.id, isNewUser: guest?.id !== user.id }
    // Lost a race for the identity (or the guest already holds another identity of this provider).
    const winner = yield* findExternalIdentityUser(identity)
    if (winner === undefined) return yield* Effect.fail(new OAuthProviderAccountIdAlreadyUsedForSignIn({}))
    // The user made for nothing goes again; a guest's own user stays.
    if (guest?.id !== user.id && winner !== user.id)
      yield* deleteUser(project.id, user.id).pipe(Effect.catchTag("UserNotFound", () => Effect.void))
    return { userId: winner, isNewUser: false }
  })

/** Signs the verified provider identity in: its user (made on first use) and its provider session's session. */
export const exchangeExternalIdentity = (
  project: StoredProject,
  providerId: ExternalAuthProviderId,
  verified: VerifiedExternalIdentity,
  current: ServerUser | undefined
) =>
  Effect.gen(function* () {
    const identity: ExternalIdentity = {
      projectId: project.id,
      providerId,
      issuer: verified.issuer,
      subject: verified.subject
    }
    const known = yield* findExternalIdentityUser(identity)
    const { userId, isNewUser } =
      known === undefined
        ? yield* firstExchange(project, providerId, identity, verified, current)
        : { userId: known, isNewUser: false }
    // One session per provider session of this user; the key is a digest so its parts' lengths do not matter.
    const key = sha256Hex(
      JSON.stringify([providerId, verified.issuer, verified.subject, userId, verified.providerSessionId])
    )
    const session = yield* openExternalSession({
      projectId: project.id,
      userId,
      key,
      providerTokenExpiresAt: verified.expiresAt
    })
    return { accessToken: session.accessToken, sessionId: session.sessionId, userId, isNewUser }
  })

/** The whole exchange: `token` verified as `providerId`'s for the project, then signed in. */
export const exchangeExternalToken = (
  project: StoredProject,
  providerId: ExternalAuthProviderId,
  token: string,
  current: ServerUser | undefined
) =>
  Effect.gen(function* () {
    const config = yield* effectiveConfig(project)
    const verified = yield* verifyExternalAuthToken(config, providerId, token)
    return yield* exchangeExternalIdentity(project, providerId, verified, current)
  })
