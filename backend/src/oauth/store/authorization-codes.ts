/** Repository of `oauth_authorization_codes` (codes are looked up by their sha256). */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { sha256Hex } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../../store/db.js"
import { rowDecoder, rowStruct, Timestamp } from "../../store/rows.js"

export const AuthorizationCodeRow = rowStruct({
  projectId: Schema.String,
  userId: Schema.String,
  redirectUri: Schema.String,
  codeChallenge: Schema.String,
  codeChallengeMethod: Schema.String,
  isNewUser: Schema.Boolean,
  afterCallbackRedirectUrl: Schema.NullOr(Schema.String),
  data: Schema.Json,
  expiresAt: Timestamp,
  usedAt: Schema.NullOr(Timestamp)
})
export type AuthorizationCodeRow = typeof AuthorizationCodeRow.Type
const rows = rowDecoder(AuthorizationCodeRow)

export const insertAuthorizationCode = (
  code: Omit<AuthorizationCodeRow, "usedAt"> & { readonly code: string; readonly createdAt: Date }
): DbEffect<void> =>
  Db.run(
    `insert into oauth_authorization_codes (code_hash, project_id, user_id, redirect_uri, code_challenge, code_challenge_method,
         is_new_user, after_callback_redirect_url, data, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      sha256Hex(code.code),
      code.projectId,
      code.userId,
      code.redirectUri,
      code.codeChallenge,
      code.codeChallengeMethod,
      code.isNewUser,
      code.afterCallbackRedirectUrl,
      JSON.stringify(code.data),
      code.createdAt,
      code.expiresAt
    ]
  )

/** The unused code, without using it; undefined when unknown, in another project, or already used. */
export const findUnusedAuthorizationCode = (
  projectId: string,
  code: string
): DbEffect<AuthorizationCodeRow | undefined> =>
  Effect.flatMap(
    Db.query(
      `select project_id, user_id, redirect_uri, code_challenge, code_challenge_method, is_new_user,
         after_callback_redirect_url, data, expires_at, used_at
       from oauth_authorization_codes where code_hash = $1 and project_id = $2 and used_at is null`,
      [sha256Hex(code), projectId]
    ),
    rows.first
  )

/** Marks the code used and returns it; undefined when unknown, in another project, or already used. */
export const takeAuthorizationCode = (
  projectId: string,
  code: string,
  at: Date
): DbEffect<AuthorizationCodeRow | undefined> =>
  Effect.flatMap(
    Db.query(
      `update oauth_authorization_codes set used_at = $3 where code_hash = $1 and project_id = $2 and used_at is null
       returning project_id, user_id, redirect_uri, code_challenge, code_challenge_method, is_new_user,
         after_callback_redirect_url, data, expires_at, used_at`,
      [sha256Hex(code), projectId, at]
    ),
    rows.first
  )
