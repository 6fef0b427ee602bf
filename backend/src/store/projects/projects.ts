/**
 * Repository of `projects`. The config column holds the admin config's wire JSON; a project's owner is a team
 * of `internal` (`owner_team_id`, see migration 0004).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { AdminProjectConfig } from "@stackfx/lib/domain/project.js"
import { OnboardingState } from "@stackfx/lib/domain/project-onboarding.js"
import { Db, type DbEffect } from "../db.js"
import { rowStruct, rowTable, Timestamp } from "../rows.js"

/** A project as the local backend keeps it; `config` is the admin view's config (camelCase). */
export const StoredProject = rowStruct({
  id: Schema.String,
  displayName: Schema.String,
  description: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  isProductionMode: Schema.Boolean,
  /** Made as a development environment (the create body's `is_development_environment`). */
  isDevelopmentEnvironment: Schema.Boolean,
  logoUrl: Schema.NullOr(Schema.String),
  logoFullUrl: Schema.NullOr(Schema.String),
  logoDarkModeUrl: Schema.NullOr(Schema.String),
  logoFullDarkModeUrl: Schema.NullOr(Schema.String),
  onboardingStatus: Schema.String,
  /** The onboarding's choices so far, as the wire JSON of the admin view's `onboarding_state`. */
  onboardingState: Schema.NullOr(OnboardingState),
  /** Written through the config update but never read back, as on the hosted service; nothing enforces it here. */
  requireEmailVerification: Schema.Boolean,
  ownerTeamId: Schema.NullOr(Schema.String),
  config: AdminProjectConfig
})
export type StoredProject = typeof StoredProject.Type

const encodeConfig = Schema.encodeSync(AdminProjectConfig)
const encodeOnboardingState = Schema.encodeSync(OnboardingState)

const COLUMNS = [
  "id",
  "display_name",
  "description",
  "created_at",
  "is_production_mode",
  "is_development_environment",
  "logo_url",
  "logo_full_url",
  "logo_dark_mode_url",
  "logo_full_dark_mode_url",
  "onboarding_status",
  "onboarding_state",
  "require_email_verification",
  "owner_team_id",
  "config"
] as const
const columns = COLUMNS.join(", ")
const projects = rowTable("projects", StoredProject, columns)

/** The values of COLUMNS, in order. */
const values = (project: StoredProject): ReadonlyArray<unknown> => [
  project.id,
  project.displayName,
  project.description,
  project.createdAt,
  project.isProductionMode,
  project.isDevelopmentEnvironment,
  project.logoUrl,
  project.logoFullUrl,
  project.logoDarkModeUrl,
  project.logoFullDarkModeUrl,
  project.onboardingStatus,
  project.onboardingState === null ? null : JSON.stringify(encodeOnboardingState(project.onboardingState)),
  project.requireEmailVerification,
  project.ownerTeamId,
  JSON.stringify(encodeConfig(project.config))
]

/** The owner team's project, for the foreign key that keeps owner teams in `internal`. */
const ownerTeamProject = (project: StoredProject) => (project.ownerTeamId === null ? null : "internal")

export const findProject = (id: string): DbEffect<StoredProject | undefined> => projects.first("id = $1", [id])

/**
 * The project, its row locked until the transaction ends (`for update`): a write that reads the project (or
 * its overrides) and writes it back whole must hold it, or two processes (or two pooled connections) that
 * read it at once each write back their own change over the other's.
 */
export const lockProject = (id: string): DbEffect<StoredProject | undefined> =>
  projects.first("id = $1 for update", [id])

export const insertProject = (project: StoredProject): DbEffect<void> =>
  Db.run(
    `insert into projects (${columns}, owner_team_project_id) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(", ")}, $${COLUMNS.length + 1})`,
    [...values(project), ownerTeamProject(project)]
  )

/** Writes every field of `project` over the stored row (its id and creation time stay). */
export const saveProject = (project: StoredProject): DbEffect<void> => {
  const assignments = COLUMNS.map((column, i) => `${column} = $${i + 1}`).filter((_, i) => i > 0)
  return Db.run(
    `update projects set ${assignments.join(", ")}, owner_team_project_id = $${COLUMNS.length + 1} where id = $1`,
    [...values(project), ownerTeamProject(project)]
  )
}

export const deleteProject = (id: string): DbEffect<void> => Db.run("delete from projects where id = $1", [id])

/** The trusted domains of every project (for CORS preflights, which name no project). */
export const listAllTrustedDomains = (): DbEffect<ReadonlyArray<string>> =>
  Effect.map(
    Db.query("select d->>'domain' as domain from projects, jsonb_array_elements(config->'domains') d"),
    (found) => found.flatMap((row) => (typeof row["domain"] === "string" ? [row["domain"]] : []))
  )

/**
 * True when the user of `internal` belongs to the team of `internal` that owns the project (what makes their
 * access token the project's admin access token).
 */
export const isProjectOwner = (projectId: string, userId: string): DbEffect<boolean> =>
  Effect.map(
    Db.query(
      `select 1 from projects p
         join team_members m on m.project_id = p.owner_team_project_id and m.team_id = p.owner_team_id
        where p.id = $1 and m.project_id = 'internal' and m.user_id = $2`,
      [projectId, userId]
    ),
    (found) => found.length > 0
  )

/**
 * The projects owned by any team of `internal` the user belongs to. The hosted service promises no order;
 * newest first keeps answers stable.
 */
export const listOwnedProjects = (userId: string): DbEffect<ReadonlyArray<StoredProject>> =>
  Effect.flatMap(
    Db.query(
      `select ${COLUMNS.map((c) => `p.${c}`).join(", ")} from projects p
        where exists (select 1 from team_members m
                       where m.project_id = 'internal' and m.user_id = $1
                         and m.project_id = p.owner_team_project_id and m.team_id = p.owner_team_id)
        order by p.created_at desc, p.id desc`,
      [userId]
    ),
    projects.rows.all
  )

/**
 * The project's webhook portal token, created on first use and stable afterwards (one statement, so two
 * concurrent first calls still agree on one token).
 */
export const webhookToken = (projectId: string, candidate: string): DbEffect<string> =>
  Effect.map(
    Db.query("update projects set webhook_token = coalesce(webhook_token, $2) where id = $1 returning webhook_token", [
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
export const findRequireEmailVerification = (projectId: string): DbEffect<boolean> =>
  Effect.map(
    Db.query("select require_email_verification from projects where id = $1", [projectId]),
    (found) => found[0]?.["require_email_verification"] === true
  )

/** Sets the project's e-mail verification requirement (see {@link findRequireEmailVerification}). */
export const setRequireEmailVerification = (projectId: string, required: boolean): DbEffect<void> =>
  Db.run("update projects set require_email_verification = $2 where id = $1", [projectId, required])
