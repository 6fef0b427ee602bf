/** Attempt counting for emailed codes, keyed by the code's tail (see operations/codes/emailed-codes.ts). */
import { Db, type DbEffect } from "../db.js"

/** Counts one attempt on every code of the purpose issued under this nonce. */
export const recordAttemptsByNonce = (projectId: string, purpose: string, nonce: string): DbEffect<void> =>
  Db.run(
    "update verification_codes set attempt_count = attempt_count + 1 where project_id = $1 and purpose = $2 and nonce = $3",
    [projectId, purpose, nonce]
  )
