/**
 * `PATCH /projects/current`: the checks the hosted service makes on an admin update (unique domains, known
 * default permissions, every existing OAuth provider restated). Like the hosted service it does not check
 * production mode (the admin client checks that before it sends the update), nor refuse a switch back to
 * the shared email server while templates are edited: the shared server then simply uses the defaults.
 */
import * as Effect from "effect/Effect"
import type { AdminProjectUpdate } from "@stackfx/lib/domain/project.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { HttpStatusError } from "../http/respond.js"
import type { DbError, DbShape } from "../store/db.js"
import type { StoredProject } from "../store/projects.js"
import { applyConfigUpdate } from "./project-setup.js"

const badRequest = (message: string) => new HttpStatusError({ status: 400, message })

const duplicates = (values: ReadonlyArray<string>): ReadonlyArray<string> =>
  [...new Set(values.filter((value, index) => values.indexOf(value) !== index))]

const teamPermissionIds = (db: DbShape, projectId: string): Effect.Effect<ReadonlySet<string>, DbError> =>
  Effect.map(
    db.query("select id from permission_definitions where project_id = $1 and scope = 'team'", [projectId]),
    (rows) => new Set(rows.flatMap((row) => (typeof row["id"] === "string" ? [row["id"]] : [])))
  )

/** The project after `update`, or the reason it is refused. Nothing is written. */
export const updatedProject = (
  db: DbShape,
  project: StoredProject,
  update: AdminProjectUpdate
): Effect.Effect<StoredProject, SchemaError | HttpStatusError | DbError> =>
  Effect.gen(function*() {
    const config = update.config
    if (config?.domains !== undefined) {
      // The hosted text names no domain.
      if (duplicates(config.domains.map((d) => d.domain)).length > 0) return yield* Effect.fail(badRequest("Duplicated domain found"))
    }
    if (config?.teamCreatorDefaultPermissions !== undefined || config?.teamMemberDefaultPermissions !== undefined) {
      const known = yield* teamPermissionIds(db, project.id)
      const wanted = [...(config.teamCreatorDefaultPermissions ?? []), ...(config.teamMemberDefaultPermissions ?? [])]
      const unknown = wanted.map((p) => p.id).filter((id) => !known.has(id))
      if (unknown.length > 0) {
        return yield* Effect.fail(badRequest(`Invalid team default permission ids: ${[...new Set(unknown)].join(", ")}`))
      }
    }
    if (config?.oauthProviders !== undefined) {
      const ids = config.oauthProviders.map((p) => p.id)
      const repeated = duplicates(ids)
      if (repeated.length > 0) return yield* Effect.fail(badRequest(`Duplicated OAuth provider: ${repeated.join(", ")}`))
      // As on the hosted service, providers are disabled, never dropped: an update restates all of them.
      const missing = project.config.oauthProviders.find((p) => !ids.includes(p.id))
      if (missing !== undefined) return yield* Effect.fail(badRequest(`Provider with id '${missing.id}' not found in the update`))
    }

    const next: StoredProject = {
      ...project,
      ...(update.displayName === undefined ? {} : { displayName: update.displayName }),
      ...(update.description === undefined ? {} : { description: update.description }),
      ...(update.isProductionMode === undefined ? {} : { isProductionMode: update.isProductionMode }),
      config: applyConfigUpdate(project.config, config)
    }
    return next
  })
