/**
 * Repository of `email_templates`: a project's changes over the default templates (see migration
 * `0004-email-templates`). A row is a default the project edited, a template it created, or (`deleted`) a
 * default it removed; `effectiveTemplates` merges them with the defaults in the service's order.
 */
import * as Effect from "effect/Effect"
import { defaultTemplateEntries, type TemplateSource } from "../../mail/default-templates.js"
import { Db, type DbEffect, DbError, type Row } from "../db.js"

/** A template of a project, as listed. `themeId` absent: the template names no theme. */
export interface StoredTemplate extends TemplateSource {
  readonly id: string
}

interface TemplateRow {
  readonly id: string
  readonly deleted: boolean
  readonly template: StoredTemplate
}

const themeOf = (text: unknown): Effect.Effect<{ readonly themeId?: string | false | null }, DbError> => {
  if (text === null || text === undefined) return Effect.succeed({})
  if (text === "null") return Effect.succeed({ themeId: null })
  if (text === "false") return Effect.succeed({ themeId: false })
  // Written by `themeText`: a theme id is stored as its JSON string.
  if (typeof text === "string" && text.startsWith('"') && text.endsWith('"'))
    return Effect.succeed({ themeId: text.slice(1, -1) })
  return Effect.fail(new DbError({ message: "email_templates.theme_id is not a theme" }))
}

const themeText = (template: TemplateSource): string | null =>
  template.themeId === undefined ? null : JSON.stringify(template.themeId)

const toRow = (row: Row): Effect.Effect<TemplateRow, DbError> => {
  const { id, display_name, tsx_source, deleted } = row
  if (
    typeof id !== "string" ||
    typeof display_name !== "string" ||
    typeof tsx_source !== "string" ||
    typeof deleted !== "boolean"
  ) {
    return Effect.fail(new DbError({ message: "unexpected row shape in email_templates" }))
  }
  return Effect.map(themeOf(row["theme_id"]), (theme) => ({
    id,
    deleted,
    template: { id, displayName: display_name, tsxSource: tsx_source, ...theme }
  }))
}

/**
 * The project's templates in the service's order: the defaults (as edited, unless removed), then the ones
 * it created, oldest first.
 */
export const effectiveTemplates = (projectId: string): DbEffect<ReadonlyArray<StoredTemplate>> =>
  Effect.gen(function* () {
    const rows = yield* Effect.flatMap(
      Db.query(
        "select id, display_name, tsx_source, theme_id, deleted from email_templates where project_id = $1 order by seq",
        [projectId]
      ),
      (found) => Effect.forEach(found, toRow)
    )
    const byId = new Map(rows.map((row) => [row.id, row]))
    const defaults = defaultTemplateEntries.flatMap(([id, template]): ReadonlyArray<StoredTemplate> => {
      const row = byId.get(id)
      if (row === undefined) return [{ id, ...template }]
      return row.deleted ? [] : [row.template]
    })
    const defaultIds = new Set(defaultTemplateEntries.map(([id]) => id))
    const created = rows.filter((row) => !row.deleted && !defaultIds.has(row.id)).map((row) => row.template)
    return [...defaults, ...created]
  })

/** Writes a template of the project (a default's edit or a created template), keeping its place. */
export const saveTemplate = (projectId: string, template: StoredTemplate, at: Date): DbEffect<void> =>
  Db.run(
    `insert into email_templates (project_id, id, display_name, tsx_source, theme_id, deleted, updated_at)
       values ($1, $2, $3, $4, $5, false, $6)
       on conflict (project_id, id) do update set display_name = excluded.display_name, tsx_source = excluded.tsx_source,
         theme_id = excluded.theme_id, deleted = false, updated_at = excluded.updated_at`,
    [projectId, template.id, template.displayName, template.tsxSource, themeText(template), at]
  )

/**
 * Removes a template of the project. A default leaves a `deleted` row (the defaults are not rows, so its
 * absence must be recorded); a created template's row goes.
 */
export const removeTemplate = (projectId: string, template: StoredTemplate, at: Date): DbEffect<void> => {
  const isDefault = defaultTemplateEntries.some(([id]) => id === template.id)
  if (!isDefault)
    return Db.run("delete from email_templates where project_id = $1 and id = $2", [projectId, template.id])
  return Db.run(
    `insert into email_templates (project_id, id, display_name, tsx_source, theme_id, deleted, updated_at)
       values ($1, $2, $3, $4, null, true, $5)
       on conflict (project_id, id) do update set deleted = true, updated_at = excluded.updated_at`,
    [projectId, template.id, template.displayName, template.tsxSource, at]
  )
}
