/**
 * Repository of `email_templates`: the templates a project customised. A type without a row uses the
 * built-in default of `mail/templates.ts`. `content` is free JSON, kept as its JSON text.
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import type { EmailTemplateType } from "@stackfx/lib/domain/email-template.js"
import { EMAIL_TEMPLATE_TYPES } from "@stackfx/lib/domain/email-template.js"
import type { EmailTemplateSource } from "../mail/templates.js"
import { DbError, type DbShape, type Row } from "./db.js"

export interface StoredEmailTemplate extends EmailTemplateSource {
  readonly type: EmailTemplateType
}

const isTemplateType = (value: unknown): value is EmailTemplateType =>
  typeof value === "string" && (EMAIL_TEMPLATE_TYPES as ReadonlyArray<string>).includes(value)

const parseContent = (text: string): Effect.Effect<Schema.Json, DbError> =>
  Effect.try({
    // Written by `saveEmailTemplate` with JSON.stringify, so it parses unless the row was edited by hand.
    try: () => JSON.parse(text) as Schema.Json,
    catch: (cause) => new DbError({ message: "email_templates.content is not JSON", cause })
  })

const toTemplate = (row: Row): Effect.Effect<StoredEmailTemplate, DbError> => {
  const { type, subject, content } = row
  if (!isTemplateType(type) || typeof subject !== "string" || typeof content !== "string") {
    return Effect.fail(new DbError({ message: "unexpected row shape in email_templates" }))
  }
  return Effect.map(parseContent(content), (parsed) => ({ type, subject, content: parsed }))
}

/** The customised templates of a project. */
export const listEmailTemplates = (db: DbShape, projectId: string): Effect.Effect<ReadonlyArray<StoredEmailTemplate>, DbError> =>
  Effect.flatMap(
    db.query("select type, subject, content from email_templates where project_id = $1", [projectId]),
    (rows) => Effect.forEach(rows, toTemplate)
  )

/**
 * The project's customised template of `type`, or undefined when it uses the default. Mail senders pass it
 * as `template` to `buildTemplateEmail`.
 */
export const findEmailTemplate = (
  db: DbShape,
  projectId: string,
  type: EmailTemplateType
): Effect.Effect<StoredEmailTemplate | undefined, DbError> =>
  Effect.flatMap(
    db.query("select type, subject, content from email_templates where project_id = $1 and type = $2", [projectId, type]),
    (rows) => (rows[0] === undefined ? Effect.succeed(undefined) : toTemplate(rows[0]))
  )

/** Creates or replaces the customised template of `template.type`. */
export const saveEmailTemplate = (db: DbShape, projectId: string, template: StoredEmailTemplate, at: Date): Effect.Effect<void, DbError> =>
  Effect.asVoid(
    db.query(
      `insert into email_templates (project_id, type, subject, content, updated_at) values ($1, $2, $3, $4, $5)
       on conflict (project_id, type) do update set subject = excluded.subject, content = excluded.content, updated_at = excluded.updated_at`,
      [projectId, template.type, template.subject, JSON.stringify(template.content), at]
    )
  )

/** Removes the customisation; true when there was one. */
export const deleteEmailTemplate = (db: DbShape, projectId: string, type: EmailTemplateType): Effect.Effect<boolean, DbError> =>
  Effect.map(
    db.query("delete from email_templates where project_id = $1 and type = $2 returning type", [projectId, type]),
    (rows) => rows.length > 0
  )
