/**
 * Connected accounts: the provider access token of a user's connected OAuth account, for a scope. A token
 * qualifies when it was obtained with every requested scope and is not about to expire (five minutes, as the
 * hosted service requires); the newest one wins. Tokens of shared providers are handed out too: the hosted
 * service does so outside production, and here they come from the development provider.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import {
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionNotConnectedToUser
} from "@stackfx/lib/errors/known/oauth.js"
import { parseScopes } from "../oauth/identity.js"
import { Db } from "../store/db.js"
import { listUserOAuthAccounts, listUserProviderTokens } from "../store/oauth-accounts.js"
import type { StoredProject } from "../store/projects.js"
import { resolveProvider } from "./oauth-providers.js"

/** A token that expires sooner than this is not handed out. */
export const MIN_TOKEN_VALIDITY_MS = 5 * 60 * 1000

/** The provider access token of the user's connection, with `scope` (space separated) granted. */
export const connectedAccountAccessToken = (
  project: StoredProject,
  userId: string,
  providerId: string,
  scope: string | undefined
) =>
  Effect.gen(function*() {
    yield* resolveProvider(project, providerId)
    const db = yield* Db
    const accounts = yield* listUserOAuthAccounts(db, project.id, userId, providerId)
    if (accounts.length === 0) return yield* Effect.fail(new OAuthConnectionNotConnectedToUser({}))
    const wanted = parseScopes(scope)
    const now = yield* Clock.currentTimeMillis
    const tokens = yield* listUserProviderTokens(db, project.id, userId, providerId)
    const usable = tokens.find((token) =>
      (token.expiresAt === null || token.expiresAt.getTime() > now + MIN_TOKEN_VALIDITY_MS) &&
      wanted.every((s) => token.scopes.includes(s))
    )
    if (usable === undefined) return yield* Effect.fail(new OAuthConnectionDoesNotHaveRequiredScope({}))
    return usable.accessToken
  })
