/** Repository of `signing_keys`. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../db.js"
import { rowDecoder, rowInsert, rowStruct } from "../rows.js"

const Jwk = Schema.Record(Schema.String, Schema.Unknown)

const SigningKeyRow = rowStruct({
  kid: Schema.String,
  projectId: Schema.String,
  /** Whose tokens the key signs: `normal`, `restricted` or `anonymous` (migration 0004). */
  kind: Schema.Literals(["normal", "restricted", "anonymous"]),
  privateJwk: Jwk,
  publicJwk: Jwk
})
export type SigningKeyRow = typeof SigningKeyRow.Type
const rows = rowDecoder(SigningKeyRow)

/** The project's keys, newest first. */
export const listSigningKeys = (projectId: string): DbEffect<ReadonlyArray<SigningKeyRow>> =>
  Effect.flatMap(
    Db.query(
      "select kid, project_id, kind, private_jwk, public_jwk from signing_keys where project_id = $1 order by created_at desc, kid",
      [projectId]
    ),
    rows.all
  )

const insertSigningKeysRow = rowInsert("signing_keys", "kid, project_id, kind, private_jwk, public_jwk")
export const insertSigningKey = (key: {
  readonly projectId: string
  readonly kind: "normal" | "restricted" | "anonymous"
  readonly kid: string
  readonly privateJwk: object
  readonly publicJwk: object
}): DbEffect<void> =>
  insertSigningKeysRow({ ...key, privateJwk: JSON.stringify(key.privateJwk), publicJwk: JSON.stringify(key.publicJwk) })
