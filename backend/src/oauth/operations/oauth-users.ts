/**
 * Who an OAuth callback signs in. `authenticate`: the user the provider account is connected to; else, when
 * the provider's email is an auth email of the project, that user (only when both the provider and the
 * project say the email is verified: linking on an unverified email would hand an account to whoever typed
 * it first); else a new user, when sign-up is enabled (or the
 * signed-in guest of the flow, upgraded). `link`: the provider account is connected to the
 * flow's user, unless someone else signs in with it; a user may link several accounts of one provider (the
 * hosted callback refuses none since it dropped USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION). Either
 * way the provider's token is kept for connected accounts.
 *
 * Only a link that allows sign-in is found by a sign-in (hosted `findExistingOAuthAccount`): an account whose
 * sign-in its user turned off signs up (or merges) as an account nobody linked.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import {
  OAuthConnectionAlreadyConnectedToAnotherUser,
  OAuthProviderAccountIdAlreadyUsedForSignIn
} from "@stackfx/lib/errors/known/oauth.js"
import { type BotChallengeFailed, SignUpNotEnabled, type SignUpRejected } from "@stackfx/lib/errors/known/sign-in.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import type { ContactChannelAlreadyUsedForAuthBySomeoneElse } from "@stackfx/lib/errors/known/contact-channels.js"
import { randomId } from "../../crypto/secrets.js"
import type { OAuthIdentity } from "../protocol/identity.js"
import { findAuthChannelByEmail } from "../../store/users/contact-channels.js"
import { Db, type DbError, isUniqueViolation } from "../../store/db.js"
import {
  findSignInAccount,
  findUserAccount,
  insertOAuthAccount,
  insertOAuthToken,
  OAUTH_ACCOUNT_UNIQUE,
  OAUTH_ACCOUNT_USER_UNIQUE
} from "../store/oauth-accounts.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { findUserView } from "../../store/users/users.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { usedBySomeoneElse } from "../../operations/users/contact-channels.js"
import { type BotChallengeAssessment, requireVisibleChallengePassed } from "../../operations/auth/bot-challenge.js"
import { signUpUser } from "../../operations/auth/sign-up.js"
import type { UserWriteError } from "../../operations/users/user-write-rules.js"

export interface OAuthSignInTarget {
  readonly type: "authenticate" | "link"
  /** The signed-in user: the one a `link` flow connects; for `authenticate`, a guest a new account upgrades. */
  readonly userId: string | null
  /** The scopes asked of the provider; the stored token carries them (as the hosted service does). */
  readonly scopes: ReadonlyArray<string>
  /** The bot-challenge verdict of the authorize request; a new user needs its visible challenge passed. */
  readonly botChallenge?: BotChallengeAssessment | undefined
}

/** Who a provider says signed in, without a provider token (a native sign-in's verified identity token). */
export type ProviderAccount = Omit<OAuthIdentity, "accessToken" | "refreshToken" | "scopes">

export interface OAuthSignedIn {
  readonly userId: string
  readonly isNewUser: boolean
}

export type OAuthUserError =
  | SignUpRejected
  | BotChallengeFailed
  | OAuthConnectionAlreadyConnectedToAnotherUser
  | OAuthProviderAccountIdAlreadyUsedForSignIn
  | SignUpNotEnabled
  | ContactChannelAlreadyUsedForAuthBySomeoneElse
  | UserNotFound
  | UserWriteError
  | DbError

/** Keeps the provider's access token (and refresh token) with the scopes it was asked for. */
const storeToken = (
  projectId: string,
  accountId: string,
  identity: OAuthIdentity,
  scopes: ReadonlyArray<string>,
  expiresAt: Date | null
) =>
  Effect.gen(function* () {
    yield* insertOAuthToken({
      id: yield* randomId,
      projectId,
      oauthAccountId: accountId,
      accessToken: identity.accessToken,
      refreshToken: identity.refreshToken,
      scopes,
      expiresAt,
      createdAt: new Date(yield* Clock.currentTimeMillis)
    })
  })

/** A new connection of the provider account to `userId`; a concurrent one for the same account loses. */
const connect = (projectId: string, userId: string, identity: ProviderAccount) =>
  Effect.gen(function* () {
    const id = yield* randomId
    yield* insertOAuthAccount({
      id,
      projectId,
      userId,
      providerId: identity.providerId,
      accountId: identity.accountId,
      email: identity.email,
      createdAt: new Date(yield* Clock.currentTimeMillis)
    }).pipe(
      Effect.catchTag("DbError", (error) =>
        Effect.fail(
          isUniqueViolation(error, OAUTH_ACCOUNT_UNIQUE) || isUniqueViolation(error, OAUTH_ACCOUNT_USER_UNIQUE)
            ? new OAuthProviderAccountIdAlreadyUsedForSignIn({})
            : error
        )
      )
    )
    return id
  })

const link = (project: StoredProject, userId: string, identity: OAuthIdentity) =>
  Effect.gen(function* () {
    if ((yield* findUserView(project.id, userId)) === undefined) return yield* Effect.fail(new UserNotFound({}))
    const existing = yield* findSignInAccount(project.id, identity.providerId, identity.accountId)
    if (existing !== undefined) {
      if (existing.userId !== userId) return yield* Effect.fail(new OAuthConnectionAlreadyConnectedToAnotherUser({}))
      return existing.id
    }
    // The user's own link of this account with sign-in off takes the new token: hosted would try to create a
    // second row and fail on its unique key.
    const own = yield* findUserAccount(project.id, userId, identity.providerId, identity.accountId)
    if (own !== undefined) return own.id
    return yield* connect(project.id, userId, identity)
  })

const authenticate = (
  project: StoredProject,
  identity: ProviderAccount,
  current: ServerUser | undefined,
  botChallenge: BotChallengeAssessment | undefined
) =>
  Effect.gen(function* () {
    const existing = yield* findSignInAccount(project.id, identity.providerId, identity.accountId)
    if (existing !== undefined) return { accountId: existing.id, userId: existing.userId, isNewUser: false }
    if (!project.config.signUpEnabled) return yield* Effect.fail(new SignUpNotEnabled({}))
    let emailUsedForAuth = identity.email !== null
    if (identity.email !== null) {
      const channel = yield* findAuthChannelByEmail(project.id, identity.email)
      // The project's `oauth_account_merge_strategy` (`auth.oauth.accountMergeStrategy`) decides what a new
      // provider account whose e-mail another user signs in with does: `link_method` joins that user (both
      // addresses verified), `raise_error` refuses, `allow_duplicates` makes a new user whose e-mail is not
      // used for sign-in.
      const strategy = project.config.oauthAccountMergeStrategy
      if (channel !== undefined && strategy === "allow_duplicates") emailUsedForAuth = false
      else if (channel !== undefined) {
        // As the service: refused with CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE, which says the
        // sign-in would work once the existing user verifies the address only when that is what stops it.
        if (strategy === "raise_error" || !identity.emailVerified || !channel.isVerified) {
          return yield* Effect.fail(
            usedBySomeoneElse("email", identity.email, strategy === "link_method" && !channel.isVerified)
          )
        }
        const accountId = yield* connect(project.id, channel.userId, identity)
        return { accountId, userId: channel.userId, isNewUser: false }
      }
    }
    // A signed-in guest becomes the new account's user (operations/auth/sign-up.ts); the checks above come
    // first, as on the service: an existing account, or a user the e-mail links to, wins over the guest.
    yield* requireVisibleChallengePassed(botChallenge)
    const user = yield* signUpUser(project, current, {
      displayName: identity.displayName,
      profileImageUrl: identity.profileImageUrl,
      primaryEmail: identity.email,
      primaryEmailVerified: identity.email !== null && identity.emailVerified,
      primaryEmailAuthEnabled: emailUsedForAuth,
      signUp: { authMethod: "oauth", oauthProvider: identity.providerId }
    })
    const accountId = yield* connect(project.id, user.id, identity)
    return { accountId, userId: user.id, isNewUser: true }
  })

/** Finds, creates or links the user of a completed provider sign-in and stores the provider's token. */
export const signInWithIdentity = (
  project: StoredProject,
  target: OAuthSignInTarget,
  identity: OAuthIdentity,
  tokenExpiresAt: Date | null
): Effect.Effect<OAuthSignedIn, OAuthUserError, Db> =>
  Effect.gen(function* () {
    if (target.type === "link") {
      if (target.userId === null) return yield* Effect.fail(new UserNotFound({}))
      const userId = target.userId
      const accountId = yield* Db.transaction(link(project, userId, identity))
      yield* storeToken(project.id, accountId, identity, target.scopes, tokenExpiresAt)
      return { userId, isNewUser: false }
    }
    // The user may have been deleted since the flow started: then nobody is upgraded.
    const current = target.userId === null ? undefined : yield* findUserView(project.id, target.userId)
    const signedIn = yield* Db.transaction(authenticate(project, identity, current, target.botChallenge))
    yield* storeToken(project.id, signedIn.accountId, identity, target.scopes, tokenExpiresAt)
    return { userId: signedIn.userId, isNewUser: signedIn.isNewUser }
  })

/**
 * Signs in (or up, or merges by e-mail) the provider account of a native sign-in, by `authenticate`'s rules;
 * no provider token is kept (the hosted native route stores none) and no guest is upgraded.
 */
export const signInWithProviderAccount = (
  project: StoredProject,
  account: ProviderAccount
): Effect.Effect<OAuthSignedIn, Exclude<OAuthUserError, OAuthConnectionAlreadyConnectedToAnotherUser>, Db> =>
  Effect.gen(function* () {
    const signedIn = yield* Db.transaction(authenticate(project, account, undefined, undefined))
    return { userId: signedIn.userId, isNewUser: signedIn.isNewUser }
  })
