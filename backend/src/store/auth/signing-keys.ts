/**
 * Repository of `signing_keys`: a project's keys by kind and generation (migration 0015). One key per
 * project, kind and generation is the table's unique index, so a key is stored with `on conflict do nothing`
 * and whoever lost the race reads the winner's.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { AccessTokenKind } from "@stackfx/lib/domain/jwt.js"
import { Db, type DbEffect } from "../db.js"
import { rowDecoder, rowStruct, Timestamp } from "../rows.js"

const Jwk = Schema.Record(Schema.String, Schema.Unknown)

const SigningKeyRow = rowStruct({
  kid: Schema.String,
  projectId: Schema.String,
  /** Whose tokens the key signs: `normal`, `restricted` or `anonymous` (migration 0007). */
  kind: Schema.Literals(["normal", "restricted", "anonymous"]),
  /** Counts up within the project and kind: the newest is the next key, the one below it signs. */
  generation: Schema.Number,
  privateJwk: Jwk,
  publicJwk: Jwk,
  createdAt: Timestamp
})
export type SigningKeyRow = typeof SigningKeyRow.Type
const rows = rowDecoder(SigningKeyRow)

/** The project's keys, newest generation first within each kind. */
export const listSigningKeys = (projectId: string): DbEffect<ReadonlyArray<SigningKeyRow>> =>
  Effect.flatMap(
    Db.query(
      `select kid, project_id, kind, generation, private_jwk, public_jwk, created_at from signing_keys
         where project_id = $1 order by kind, generation desc`,
      [projectId]
    ),
    rows.all
  )

/**
 * Stores the key as generation `generation` of its project and kind unless that generation exists already
 * (another request or instance stored it first); true when this key is the one stored.
 */
export const insertSigningKeyUnlessTaken = (key: {
  readonly projectId: string
  readonly kind: AccessTokenKind
  readonly generation: number
  readonly kid: string
  readonly privateJwk: object
  readonly publicJwk: object
  readonly createdAt: Date
}): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `insert into signing_keys (kid, project_id, kind, generation, private_jwk, public_jwk, created_at)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (project_id, kind, generation) do nothing returning kid`,
      [
        key.kid,
        key.projectId,
        key.kind,
        key.generation,
        JSON.stringify(key.privateJwk),
        JSON.stringify(key.publicJwk),
        key.createdAt
      ]
    ),
    (inserted) => inserted.length > 0
  )
