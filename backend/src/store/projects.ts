/** Repository of `projects` and `project_owners`. The config column holds the admin config's wire JSON. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { AdminProjectConfig } from "@stackfx/lib/domain/project.js"
import type { DbError, DbShape } from "./db.js"
import { rowDecoder, rowStruct, Timestamp } from "./rows.js"

/** A project as the emulator keeps it; `config` is the admin view's config (camelCase). */
export const StoredProject = rowStruct({
  id: Schema.String,
  displayName: Schema.String,
  description: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  isProductionMode: Schema.Boolean,
  config: AdminProjectConfig
})
export type StoredProject = typeof StoredProject.Type

const rows = rowDecoder(StoredProject)
const encodeConfig = Schema.encodeSync(AdminProjectConfig)

const columns = "id, display_name, description, created_at, is_production_mode, config"

export const findProject = (db: DbShape, id: string): Effect.Effect<StoredProject | undefined, DbError> =>
  Effect.flatMap(db.query(`select ${columns} from projects where id = $1`, [id]), rows.first)

export const insertProject = (db: DbShape, project: StoredProject): Effect.Effect<void, DbError> =>
  Effect.asVoid(
    db.query(
      "insert into projects (id, display_name, description, created_at, is_production_mode, config) values ($1, $2, $3, $4, $5, $6)",
      [
        project.id,
        project.displayName,
        project.description,
        project.createdAt,
        project.isProductionMode,
        JSON.stringify(encodeConfig(project.config))
      ]
    )
  )

/** Writes every field of `project` over the stored row. */
export const saveProject = (db: DbShape, project: StoredProject): Effect.Effect<void, DbError> =>
  Effect.asVoid(
    db.query(
      "update projects set display_name = $2, description = $3, is_production_mode = $4, config = $5 where id = $1",
      [project.id, project.displayName, project.description, project.isProductionMode, JSON.stringify(encodeConfig(project.config))]
    )
  )

export const deleteProject = (db: DbShape, id: string): Effect.Effect<void, DbError> =>
  Effect.asVoid(db.query("delete from projects where id = $1", [id]))

/** The trusted domains of every project (for CORS preflights, which name no project). */
export const listAllTrustedDomains = (db: DbShape): Effect.Effect<ReadonlyArray<string>, DbError> =>
  Effect.map(
    db.query("select d->>'domain' as domain from projects, jsonb_array_elements(config->'domains') d"),
    (found) => found.flatMap((row) => (typeof row["domain"] === "string" ? [row["domain"]] : []))
  )

export const addProjectOwner = (db: DbShape, projectId: string, userId: string): Effect.Effect<void, DbError> =>
  Effect.asVoid(
    db.query("insert into project_owners (project_id, user_id) values ($1, $2) on conflict do nothing", [projectId, userId])
  )

export const isProjectOwner = (db: DbShape, projectId: string, userId: string): Effect.Effect<boolean, DbError> =>
  Effect.map(
    db.query("select 1 from project_owners where project_id = $1 and user_id = $2", [projectId, userId]),
    (found) => found.length > 0
  )

/** Projects the internal user owns, newest first (the hosted service's order). */
export const listOwnedProjects = (db: DbShape, userId: string): Effect.Effect<ReadonlyArray<StoredProject>, DbError> =>
  Effect.flatMap(
    db.query(
      `select ${columns.split(", ").map((c) => `p.${c}`).join(", ")} from projects p join project_owners o on o.project_id = p.id where o.user_id = $1 order by p.created_at desc, p.id desc`,
      [userId]
    ),
    rows.all
  )

export const countProjectUsers = (db: DbShape, projectId: string): Effect.Effect<number, DbError> =>
  Effect.map(
    db.query("select count(*)::int as n from users where project_id = $1", [projectId]),
    (found) => Number(found[0]?.["n"] ?? 0)
  )

/**
 * The project's webhook portal token, created on first use and stable afterwards (one statement, so two
 * concurrent first calls still agree on one token).
 */
export const webhookToken = (db: DbShape, projectId: string, candidate: string): Effect.Effect<string, DbError> =>
  Effect.map(
    db.query("update projects set webhook_token = coalesce(webhook_token, $2) where id = $1 returning webhook_token", [
      projectId,
      candidate
    ]),
    (found) => {
      const token = found[0]?.["webhook_token"]
      return typeof token === "string" ? token : candidate
    }
  )

/**
 * Whether the project requires a verified primary e-mail (users without one are restricted,
 * `email_not_verified`). The hosted service's `config.onboarding.requireEmailVerification`, legacy
 * `require_email_verification`; off by default. Kept in a column of its own (migration 0004).
 */
export const findRequireEmailVerification = (db: DbShape, projectId: string): Effect.Effect<boolean, DbError> =>
  Effect.map(
    db.query("select require_email_verification from projects where id = $1", [projectId]),
    (found) => found[0]?.["require_email_verification"] === true
  )

/** Sets the project's e-mail verification requirement (see {@link findRequireEmailVerification}). */
export const setRequireEmailVerification = (db: DbShape, projectId: string, required: boolean): Effect.Effect<void, DbError> =>
  Effect.asVoid(db.query("update projects set require_email_verification = $2 where id = $1", [projectId, required]))
