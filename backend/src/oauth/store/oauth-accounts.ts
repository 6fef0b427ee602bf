/**
 * Repository of `oauth_accounts` (a provider account connected to a user), `oauth_tokens` (the provider's
 * tokens, one row per sign-in) and `oauth_provider_issuers` (the OpenID Connect issuer of a standard
 * provider, a local-backend-only setting).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../../store/db.js"
import { firstString, rowDecoder, rowInsert, rowStruct, rowTable, Timestamp } from "../../store/rows.js"

/** The unique index of one signing-in row per provider account (migration 0011-linked-logins-account-per-user). */
export const OAUTH_ACCOUNT_UNIQUE = "oauth_accounts_sign_in_key"
/** The unique constraint of one row per user and provider account. */
export const OAUTH_ACCOUNT_USER_UNIQUE = "oauth_accounts_user_account_key"

export const OAuthAccountRow = rowStruct({
  id: Schema.String,
  userId: Schema.String,
  providerId: Schema.String,
  accountId: Schema.String,
  email: Schema.NullOr(Schema.String),
  /** Whether a provider sign-in with this account signs its user in. */
  allowSignIn: Schema.Boolean,
  /** Whether the account may hand out provider tokens and be listed as a connected account. */
  allowConnectedAccounts: Schema.Boolean
})
export type OAuthAccountRow = typeof OAuthAccountRow.Type
const oauthAccounts = rowTable("oauth_accounts", OAuthAccountRow)

/**
 * The row a provider sign-in with this account finds: the one that allows sign-in, whoever it belongs to
 * (hosted looks only at those; other users may hold the same account with sign-in off).
 */
export const findSignInAccount = (
  projectId: string,
  providerId: string,
  accountId: string
): DbEffect<OAuthAccountRow | undefined> =>
  oauthAccounts.first("project_id = $1 and provider_id = $2 and account_id = $3 and allow_sign_in", [
    projectId,
    providerId,
    accountId
  ])

/** The user's own row of this provider account, whether it signs in or not. */
export const findUserAccount = (
  projectId: string,
  userId: string,
  providerId: string,
  accountId: string
): DbEffect<OAuthAccountRow | undefined> =>
  oauthAccounts.first("project_id = $1 and user_id = $2 and provider_id = $3 and account_id = $4", [
    projectId,
    userId,
    providerId,
    accountId
  ])

/** One of the user's linked accounts by its id. */
export const findUserLink = (projectId: string, userId: string, id: string): DbEffect<OAuthAccountRow | undefined> =>
  oauthAccounts.first("project_id = $1 and user_id = $2 and id = $3", [projectId, userId, id])

/** Every linked account of the user (of the whole project without a user), of every provider, oldest first. */
export const listLinks = (projectId: string, userId: string | undefined): DbEffect<ReadonlyArray<OAuthAccountRow>> =>
  oauthAccounts.all("project_id = $1 and ($2::text is null or user_id = $2) order by created_at, id", [
    projectId,
    userId ?? null
  ])

/** The rows that sign in with this account id, except `exceptId`. */
export const listSignInRowsOfAccountId = (
  projectId: string,
  accountId: string,
  exceptId: string | undefined
): DbEffect<ReadonlyArray<OAuthAccountRow>> =>
  oauthAccounts.all("project_id = $1 and account_id = $2 and allow_sign_in and ($3::text is null or id <> $3)", [
    projectId,
    accountId,
    exceptId ?? null
  ])

/** What an update may change about a link (absent: unchanged). */
export interface OAuthAccountPatch {
  readonly allowSignIn?: boolean | undefined
  readonly allowConnectedAccounts?: boolean | undefined
  readonly email?: string | undefined
  readonly accountId?: string | undefined
}

export const updateLink = (projectId: string, id: string, patch: OAuthAccountPatch): DbEffect<void> =>
  Db.run(
    `update oauth_accounts set
         allow_sign_in = coalesce($3, allow_sign_in),
         allow_connected_accounts = coalesce($4, allow_connected_accounts),
         email = coalesce($5, email),
         account_id = coalesce($6, account_id)
       where project_id = $1 and id = $2`,
    [
      projectId,
      id,
      patch.allowSignIn ?? null,
      patch.allowConnectedAccounts ?? null,
      patch.email ?? null,
      patch.accountId ?? null
    ]
  )

/** Removes the link; its provider tokens go with it (`on delete cascade`). */
export const deleteLink = (projectId: string, id: string): DbEffect<void> =>
  Db.run("delete from oauth_accounts where project_id = $1 and id = $2", [projectId, id])

/** The user's accounts of one provider, oldest first. */
export const listUserOAuthAccounts = (
  projectId: string,
  userId: string,
  providerId: string
): DbEffect<ReadonlyArray<OAuthAccountRow>> =>
  oauthAccounts.all("project_id = $1 and user_id = $2 and provider_id = $3 order by created_at, id", [
    projectId,
    userId,
    providerId
  ])

/** The user's accounts that may be used as connected accounts, of every provider, oldest first. */
export const listConnectedAccounts = (projectId: string, userId: string): DbEffect<ReadonlyArray<OAuthAccountRow>> =>
  oauthAccounts.all("project_id = $1 and user_id = $2 and allow_connected_accounts order by created_at, id", [
    projectId,
    userId
  ])

const insertOauthAccountsRow = rowInsert(
  "oauth_accounts",
  "id, project_id, user_id, provider_id, account_id, email, created_at, allow_sign_in, allow_connected_accounts"
)
/** A new link; both switches are on unless said otherwise (the hosted defaults). */
export const insertOAuthAccount = (
  account: Omit<OAuthAccountRow, "allowSignIn" | "allowConnectedAccounts"> & {
    readonly projectId: string
    readonly createdAt: Date
    readonly allowSignIn?: boolean | undefined
    readonly allowConnectedAccounts?: boolean | undefined
  }
): DbEffect<void> =>
  insertOauthAccountsRow({
    ...account,
    allowSignIn: account.allowSignIn ?? true,
    allowConnectedAccounts: account.allowConnectedAccounts ?? true
  })

export const OAuthTokenRow = rowStruct({
  id: Schema.String,
  accessToken: Schema.String,
  refreshToken: Schema.NullOr(Schema.String),
  scopes: Schema.Array(Schema.String),
  expiresAt: Schema.NullOr(Timestamp)
})
export type OAuthTokenRow = typeof OAuthTokenRow.Type
const tokenRows = rowDecoder(OAuthTokenRow)

const insertOauthTokensRow = rowInsert(
  "oauth_tokens",
  "id, project_id, oauth_account_id, access_token, refresh_token, scopes, expires_at, created_at"
)
export const insertOAuthToken = (
  token: OAuthTokenRow & { readonly projectId: string; readonly oauthAccountId: string; readonly createdAt: Date }
): DbEffect<void> => insertOauthTokensRow({ ...token, scopes: JSON.stringify(token.scopes) })

/** The tokens of the user's accounts of one provider (or of its one account `accountId`), newest first. */
export const listUserProviderTokens = (
  projectId: string,
  userId: string,
  providerId: string,
  accountId?: string
): DbEffect<ReadonlyArray<OAuthTokenRow>> =>
  Effect.flatMap(
    Db.query(
      `select t.id, t.access_token, t.refresh_token, t.scopes, t.expires_at
       from oauth_tokens t join oauth_accounts a on a.project_id = t.project_id and a.id = t.oauth_account_id
       where a.project_id = $1 and a.user_id = $2 and a.provider_id = $3 and ($4::text is null or a.account_id = $4)
       order by t.created_at desc, t.id`,
      [projectId, userId, providerId, accountId ?? null]
    ),
    tokenRows.all
  )

/** The configured issuer of a standard provider, if any. */
export const findProviderIssuer = (projectId: string, providerId: string): DbEffect<string | undefined> =>
  Effect.map(
    Db.query("select issuer from oauth_provider_issuers where project_id = $1 and provider_id = $2", [
      projectId,
      providerId
    ]),
    (found) => firstString(found, "issuer")
  )

/** Sets (or, with null, removes) the issuer of a provider. */
export const saveProviderIssuer = (projectId: string, providerId: string, issuer: string | null): DbEffect<void> =>
  Effect.asVoid(
    issuer === null
      ? Db.query("delete from oauth_provider_issuers where project_id = $1 and provider_id = $2", [
          projectId,
          providerId
        ])
      : Db.query(
          `insert into oauth_provider_issuers (project_id, provider_id, issuer) values ($1, $2, $3)
         on conflict (project_id, provider_id) do update set issuer = excluded.issuer`,
          [projectId, providerId, issuer]
        )
  )
