/**
 * Repository of `passkeys`, and the leaf module's `PasskeyStore` over it for one project (credential ids are
 * unique per project, so every lookup is scoped to one).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { randomId } from "../../crypto/secrets.js"
import { PasskeyStoreError, type PasskeyStore, type StoredPasskey } from "../../passkey/store.js"
import { Db, type DbEffect, type DbError } from "../db.js"
import { rowDecoder, rowInsert, rowStruct } from "../rows.js"

/** The unique constraint of one credential id per project. */
export const PASSKEY_CREDENTIAL_UNIQUE = "passkeys_project_id_credential_id_key"

const PasskeyRow = rowStruct({
  credentialId: Schema.String,
  userId: Schema.String,
  publicKey: Schema.String,
  counter: Schema.Number,
  transports: Schema.Array(Schema.String),
  rpId: Schema.String
})
const rows = rowDecoder(PasskeyRow)

const toStored = (row: typeof PasskeyRow.Type): StoredPasskey => ({
  credentialId: row.credentialId,
  userId: row.userId,
  publicKey: new Uint8Array(Buffer.from(row.publicKey, "base64url")),
  counter: row.counter,
  transports: row.transports,
  rpId: row.rpId
})

const storeError = (error: DbError) =>
  new PasskeyStoreError({ message: `passkey store: ${error.message}`, cause: error })

export const findPasskey = (projectId: string, credentialId: string): DbEffect<StoredPasskey | undefined> =>
  Effect.flatMap(
    Db.query(
      `select credential_id, user_id, public_key, counter, transports, rp_id from passkeys
       where project_id = $1 and credential_id = $2`,
      [projectId, credentialId]
    ),
    (found) => Effect.map(rows.first(found), (row) => (row === undefined ? undefined : toStored(row)))
  )

const insertPasskeysRow = rowInsert(
  "passkeys",
  "id, project_id, user_id, credential_id, public_key, counter, transports, rp_id, created_at"
)
export const insertPasskey = (input: {
  readonly id: string
  readonly projectId: string
  readonly passkey: StoredPasskey
  readonly createdAt: Date
}): DbEffect<void> =>
  insertPasskeysRow({
    ...input,
    userId: input.passkey.userId,
    credentialId: input.passkey.credentialId,
    publicKey: Buffer.from(input.passkey.publicKey).toString("base64url"),
    counter: input.passkey.counter,
    transports: JSON.stringify(input.passkey.transports),
    rpId: input.passkey.rpId
  })

/** Removes every passkey of the user (registration replaces the previous one, as the hosted service does). */
export const deleteUserPasskeys = (projectId: string, userId: string): DbEffect<void> =>
  Db.run("delete from passkeys where project_id = $1 and user_id = $2", [projectId, userId])

export const updatePasskeyCounter = (
  projectId: string,
  credentialId: string,
  counter: number,
  at: Date
): DbEffect<void> =>
  Db.run("update passkeys set counter = $3, last_used_at = $4 where project_id = $1 and credential_id = $2", [
    projectId,
    credentialId,
    counter,
    at
  ])

/**
 * The verification module's store for one project. `insert` is not used by the routes (registration
 * replaces a user's passkey in one transaction, see operations/auth/passkeys.ts) but completes the interface.
 */
export const sqlPasskeyStore = (projectId: string): Effect.Effect<PasskeyStore, never, Db> =>
  Effect.map(Db.provider, (withDb): PasskeyStore => {
    const now = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))
    return {
      insert: (passkey) =>
        Effect.gen(function* () {
          yield* insertPasskey({ id: yield* randomId, projectId, passkey, createdAt: yield* now })
        }).pipe(withDb, Effect.mapError(storeError)),
      findByCredentialId: (credentialId) => Effect.mapError(withDb(findPasskey(projectId, credentialId)), storeError),
      updateCounter: (credentialId, counter) =>
        Effect.flatMap(now, (at) => updatePasskeyCounter(projectId, credentialId, counter, at)).pipe(
          withDb,
          Effect.mapError(storeError)
        )
    }
  })
