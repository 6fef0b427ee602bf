/**
 * Linked OAuth providers (`/oauth-providers`): a user's provider accounts, read, switched (sign-in,
 * connected access), removed, and linked by a server without an OAuth flow. The rules are the hosted
 * service's (`oauth-providers/crud.tsx`):
 *
 * - at most one account of a provider signs a user in: a plain 400 `The same provider type with sign-in
 *   enabled already exists for this user.`;
 * - a user holds a provider account once: a plain 400 `The same provider type with the same account ID
 *   already exists for this user.`;
 * - no two links sign in with one account: OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN.
 *
 * Two deliberate differences, both where the hosted code contradicts its own sign-in lookup: the last check
 * looks at the link's provider only (hosted compares the account id across every provider), and an update
 * that does not change the account id checks the link's own account id (hosted then compares with every
 * signing-in link of the project, so re-enabling sign-in fails as soon as any other user signs in with any
 * provider). There is no rule about a user's last sign-in method: the hosted service keeps none.
 *
 * A link whose provider the project no longer lists still reads, as long as its id is a known provider kind.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { OAUTH_PROVIDER_IDS } from "@stackfx/lib/domain/project.js"
import { OAuthProviderAccountIdAlreadyUsedForSignIn } from "@stackfx/lib/errors/known/oauth.js"
import { randomId } from "../../crypto/secrets.js"
import { Refused } from "../../errors/refused.js"
import { Db, type DbError, isUniqueViolation } from "../../store/db.js"
import {
  deleteLink,
  findUserLink,
  insertOAuthAccount,
  listLinks,
  listSignInRowsOfAccountId,
  listUserOAuthAccounts,
  OAUTH_ACCOUNT_UNIQUE,
  OAUTH_ACCOUNT_USER_UNIQUE,
  type OAuthAccountPatch,
  type OAuthAccountRow,
  updateLink
} from "../store/oauth-accounts.js"
import type { StoredProject } from "../../store/projects/projects.js"

/** A link as the server tier reads it (the client view leaves out `accountId`). */
export interface LinkView {
  readonly id: string
  readonly userId: string
  readonly email?: string
  readonly providerConfigId: string
  readonly type: string
  readonly allowSignIn: boolean
  readonly allowConnectedAccounts: boolean
  readonly accountId: string
}

const knownKinds: ReadonlySet<string> = new Set(OAUTH_PROVIDER_IDS)

/** The provider kind of a config id: the project's entry, else the id itself when it names a kind (hosted `resolveProviderType`). */
const kindOf = (project: StoredProject, providerConfigId: string): string | undefined =>
  project.config.oauthProviders.find((p) => p.providerConfigId === providerConfigId)?.id ??
  (knownKinds.has(providerConfigId) ? providerConfigId : undefined)

const notConfigured = (providerConfigId: string) =>
  new Refused({ reason: "not-found", message: `OAuth provider ${providerConfigId} not found or not configured` })

const linkNotFound = (userId: string, id: string) =>
  new Refused({ reason: "not-found", message: `OAuth provider ${id} for user ${userId} not found` })

const view = (row: OAuthAccountRow, type: string): LinkView => ({
  id: row.id,
  userId: row.userId,
  ...(row.email === null || row.email === "" ? {} : { email: row.email }),
  providerConfigId: row.providerId,
  type,
  allowSignIn: row.allowSignIn,
  allowConnectedAccounts: row.allowConnectedAccounts,
  accountId: row.accountId
})

/** The links of a user (of the whole project without one), oldest first; links of unknown kinds are left out. */
export const listLinkViews = (project: StoredProject, userId: string | undefined) =>
  Effect.map(listLinks(project.id, userId), (rows) =>
    rows.flatMap((row) => {
      const type = kindOf(project, row.providerId)
      return type === undefined ? [] : [view(row, type)]
    })
  )

const existingLink = (project: StoredProject, userId: string, id: string) =>
  Effect.gen(function* () {
    const row = yield* findUserLink(project.id, userId, id)
    if (row === undefined) return yield* Effect.fail(linkNotFound(userId, id))
    return row
  })

const viewOf = (project: StoredProject, row: OAuthAccountRow) => {
  const type = kindOf(project, row.providerId)
  return type === undefined ? Effect.fail(notConfigured(row.providerId)) : Effect.succeed(view(row, type))
}

/** One of the user's links. */
export const getLinkView = (project: StoredProject, userId: string, id: string) =>
  Effect.flatMap(existingLink(project, userId, id), (row) => viewOf(project, row))

interface Candidate {
  /** The link being updated; none for a new one. */
  readonly id?: string | undefined
  readonly userId: string
  readonly providerId: string
  readonly accountId: string
  /** Whether the account is to sign in (unchanged: its current value). */
  readonly allowSignIn: boolean
  /** Whether the account id is being set (a create, or an update naming `account_id`). */
  readonly accountIdGiven: boolean
  /** Whether sign-in is being asked for (hosted checks sign-in only when the body turns it on). */
  readonly signInGiven: boolean
}

/** The hosted checks, in its order, before a link is created or changed. */
const checkRules = (projectId: string, candidate: Candidate) =>
  Effect.gen(function* () {
    const others = (yield* listUserOAuthAccounts(projectId, candidate.userId, candidate.providerId)).filter(
      (row) => row.id !== candidate.id
    )
    if (candidate.signInGiven && candidate.allowSignIn && others.some((row) => row.allowSignIn)) {
      return yield* Effect.fail(
        new Refused({
          reason: "invalid",
          message: "The same provider type with sign-in enabled already exists for this user."
        })
      )
    }
    if (candidate.accountIdGiven && others.some((row) => row.accountId === candidate.accountId)) {
      return yield* Effect.fail(sameAccountTwice())
    }
    if (candidate.signInGiven && candidate.allowSignIn) {
      const taken = (yield* listSignInRowsOfAccountId(projectId, candidate.accountId, candidate.id)).filter(
        (row) => row.providerId === candidate.providerId
      )
      if (taken.length > 0) return yield* Effect.fail(new OAuthProviderAccountIdAlreadyUsedForSignIn({}))
    }
  })

const sameAccountTwice = () =>
  new Refused({
    reason: "invalid",
    message: "The same provider type with the same account ID already exists for this user."
  })

/** A concurrent write that got past the checks loses on the database's keys, with the error the checks give. */
const keyConflict = (
  error: DbError
): Effect.Effect<never, DbError | Refused | OAuthProviderAccountIdAlreadyUsedForSignIn> => {
  if (isUniqueViolation(error, OAUTH_ACCOUNT_UNIQUE))
    return Effect.fail(new OAuthProviderAccountIdAlreadyUsedForSignIn({}))
  if (isUniqueViolation(error, OAUTH_ACCOUNT_USER_UNIQUE)) return Effect.fail(sameAccountTwice())
  return Effect.fail(error)
}

/** Changes one of the user's links and answers it as it is now. */
export const updateLinkOf = (project: StoredProject, userId: string, id: string, patch: OAuthAccountPatch) =>
  Effect.gen(function* () {
    return yield* Db.transaction(
      Effect.gen(function* () {
        const row = yield* existingLink(project, userId, id)
        yield* checkRules(project.id, {
          id,
          userId,
          providerId: row.providerId,
          accountId: patch.accountId ?? row.accountId,
          allowSignIn: patch.allowSignIn ?? row.allowSignIn,
          accountIdGiven: patch.accountId !== undefined,
          signInGiven: patch.allowSignIn !== undefined
        })
        yield* Effect.catchTag(updateLink(project.id, id, patch), "DbError", keyConflict)
        return yield* viewOf(project, yield* existingLink(project, userId, id))
      })
    )
  })

/** Removes one of the user's links, and with it the provider tokens it holds. */
export const deleteLinkOf = (project: StoredProject, userId: string, id: string) =>
  Effect.gen(function* () {
    yield* existingLink(project, userId, id)
    yield* deleteLink(project.id, id)
  })

export interface LinkCreate {
  readonly userId: string
  readonly providerConfigId: string
  readonly accountId: string
  readonly email: string | undefined
  readonly allowSignIn: boolean
  readonly allowConnectedAccounts: boolean
}

/** A new link's provider must be one the project lists (hosted checks it before it looks at the user). */
export const requireConfigured = (project: StoredProject, providerConfigId: string) =>
  project.config.oauthProviders.some((p) => p.providerConfigId === providerConfigId)
    ? Effect.void
    : Effect.fail(notConfigured(providerConfigId))

/**
 * A server's link of a provider account to a user, checked as an update is. The route has checked the
 * provider (`requireConfigured`) and the user.
 */
export const createLink = (project: StoredProject, input: LinkCreate) =>
  Effect.gen(function* () {
    return yield* Db.transaction(
      Effect.gen(function* () {
        yield* checkRules(project.id, {
          userId: input.userId,
          providerId: input.providerConfigId,
          accountId: input.accountId,
          allowSignIn: input.allowSignIn,
          accountIdGiven: true,
          signInGiven: true
        })
        const id = yield* randomId
        yield* Effect.catchTag(
          insertOAuthAccount({
            id,
            projectId: project.id,
            userId: input.userId,
            providerId: input.providerConfigId,
            accountId: input.accountId,
            email: input.email ?? null,
            createdAt: new Date(yield* Clock.currentTimeMillis),
            allowSignIn: input.allowSignIn,
            allowConnectedAccounts: input.allowConnectedAccounts
          }),
          "DbError",
          keyConflict
        )
        return yield* viewOf(project, yield* existingLink(project, input.userId, id))
      })
    )
  })
