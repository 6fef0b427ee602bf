/** Repository of `verification_codes`: every single-use, expiring, attempt-limited code. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { sha256Hex } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../db.js"
import { rowInsert, rowStruct, rowTable, Timestamp } from "../rows.js"

export const VerificationCodeRow = rowStruct({
  id: Schema.String,
  projectId: Schema.String,
  purpose: Schema.String,
  nonce: Schema.NullOr(Schema.String),
  userId: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  data: Schema.Json,
  callbackUrl: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  usedAt: Schema.NullOr(Timestamp),
  attemptCount: Schema.Number
})
export type VerificationCodeRow = typeof VerificationCodeRow.Type

const verificationCodes = rowTable("verification_codes", VerificationCodeRow)

export interface NewVerificationCode {
  readonly id: string
  readonly projectId: string
  readonly purpose: string
  /** The code as sent to the user; stored as its sha256. */
  readonly code: string
  readonly nonce: string | null
  readonly userId: string | null
  readonly email: string | null
  readonly data: Schema.Json
  readonly callbackUrl: string | null
  readonly createdAt: Date
  readonly expiresAt: Date
}

const insertVerificationCodesRow = rowInsert(
  "verification_codes",
  "id, project_id, purpose, code_hash, nonce, user_id, email, data, callback_url, created_at, expires_at"
)
export const insertVerificationCode = (code: NewVerificationCode): DbEffect<void> =>
  insertVerificationCodesRow({ ...code, codeHash: sha256Hex(code.code), data: JSON.stringify(code.data) })

export const findVerificationCode = (
  projectId: string,
  purpose: string,
  code: string
): DbEffect<VerificationCodeRow | undefined> =>
  verificationCodes.first("project_id = $1 and purpose = $2 and code_hash = $3", [projectId, purpose, sha256Hex(code)])

/** Marks the code used; false when someone else used it first (the update is the race's referee). */
export const markVerificationCodeUsed = (projectId: string, id: string, at: Date): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      "update verification_codes set used_at = $3 where project_id = $1 and id = $2 and used_at is null returning id",
      [projectId, id, at]
    ),
    (found) => found.length > 0
  )

export const recordFailedAttempt = (projectId: string, id: string): DbEffect<void> =>
  Db.run("update verification_codes set attempt_count = attempt_count + 1 where project_id = $1 and id = $2", [
    projectId,
    id
  ])

/**
 * A code of `purpose` in whichever project issued it. The one lookup that names no project: an unsubscribe
 * link carries only its code (as the hosted service's does), so the code says which project it belongs to;
 * everything done with the row afterwards names `row.projectId`.
 */
export const findVerificationCodeInAnyProject = (
  purpose: string,
  code: string
): DbEffect<VerificationCodeRow | undefined> =>
  verificationCodes.first("purpose = $1 and code_hash = $2", [purpose, sha256Hex(code)])
