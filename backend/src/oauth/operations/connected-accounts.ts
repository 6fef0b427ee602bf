/**
 * Connected accounts: the provider access token of a user's connected OAuth account, for a scope, and the
 * list of a user's connected accounts. A token qualifies when it was obtained with every requested scope and
 * is not about to expire (five minutes, as the hosted service requires); the newest one wins.
 *
 * A provider on shared keys hands out no token: hosted answers OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS
 * whatever its NODE_ENV (since April 2026), before it looks at the user, unless its operator set
 * `STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true`. `SharedOAuthAccessTokens` is that switch here (the backend's
 * `allowSharedOAuthAccessTokens` option, off by default); the tokens then come from the development provider.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import {
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys,
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionNotConnectedToUser
} from "@stackfx/lib/errors/known/oauth.js"
import { parseScopes } from "../protocol/identity.js"
import { listConnectedAccounts, listUserOAuthAccounts, listUserProviderTokens } from "../store/oauth-accounts.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { resolveProvider } from "./oauth-providers.js"

/** A token that expires sooner than this is not handed out. */
export const MIN_TOKEN_VALIDITY_MS = 5 * 60 * 1000

/** Whether providers on shared keys hand out access tokens (hosted: `STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true`). */
export const SharedOAuthAccessTokens = Context.Reference<boolean>("stackfx-backend/SharedOAuthAccessTokens", {
  defaultValue: () => false
})

/**
 * The enabled provider, refused when it runs on shared keys and those hand out no tokens. Routes call it
 * before they look the user up, as hosted checks the provider first.
 */
export const tokenProvider = (project: StoredProject, providerId: string) =>
  Effect.gen(function* () {
    const provider = yield* resolveProvider(project, providerId)
    if (provider.config.type === "shared" && !(yield* SharedOAuthAccessTokens)) {
      return yield* Effect.fail(new OAuthAccessTokenNotAvailableWithSharedOAuthKeys({}))
    }
    return provider
  })

/**
 * The provider access token of the user's connection, with `scope` (space separated) granted. Without
 * `providerAccountId` (the older per-provider path) any of the user's accounts of that provider may answer;
 * with it, only that account, and only if it may be used as a connected account.
 */
export const connectedAccountAccessToken = (
  project: StoredProject,
  userId: string,
  providerId: string,
  scope: string | undefined,
  providerAccountId?: string
) =>
  Effect.gen(function* () {
    yield* tokenProvider(project, providerId)
    const accounts = yield* listUserOAuthAccounts(project.id, userId, providerId)
    const matching =
      providerAccountId === undefined
        ? accounts
        : accounts.filter((a) => a.accountId === providerAccountId && a.allowConnectedAccounts)
    if (matching.length === 0) return yield* Effect.fail(new OAuthConnectionNotConnectedToUser({}))
    const wanted = parseScopes(scope)
    const now = yield* Clock.currentTimeMillis
    const tokens = yield* listUserProviderTokens(project.id, userId, providerId, providerAccountId)
    const usable = tokens.find(
      (token) =>
        (token.expiresAt === null || token.expiresAt.getTime() > now + MIN_TOKEN_VALIDITY_MS) &&
        wanted.every((s) => token.scopes.includes(s))
    )
    if (usable === undefined) return yield* Effect.fail(new OAuthConnectionDoesNotHaveRequiredScope({}))
    return usable.accessToken
  })

/** The user's accounts that may be used as connected accounts, oldest first (hosted lists no others). */
export const connectedAccounts = (projectId: string, userId: string) => listConnectedAccounts(projectId, userId)
