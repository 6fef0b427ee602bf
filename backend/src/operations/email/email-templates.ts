/**
 * The hosted service's email-template rules (`/internal/email-templates`): a project on the shared email
 * server always has exactly the seven defaults, whatever it stored (the service replaces the templates of
 * such a project's config with the defaults), and may not change them (`REQUIRES_CUSTOM_EMAIL_SERVER`); an
 * update must render, with a subject and a notification category (`EMAIL_RENDERING_ERROR`); an unknown id is
 * a plain 404 "No template found with given id".
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { EmailTemplateUpdate } from "@stackfx/lib/domain/email-template.js"
import { EmailRenderingError, RequiresCustomEmailServer } from "@stackfx/lib/errors/known/misc.js"
import { randomId } from "../../crypto/secrets.js"
import { Refused } from "../../errors/refused.js"
import {
  defaultTemplateEntries,
  newTemplateSource,
  NOTIFICATION_CATEGORY_REQUIRED,
  SUBJECT_REQUIRED
} from "../../mail/default-templates.js"
import { renderTemplate } from "../../mail/tsx/render.js"
import type { DbEffect } from "../../store/db.js"
import {
  effectiveTemplates,
  removeTemplate,
  saveTemplate,
  type StoredTemplate
} from "../../store/projects/email-templates.js"
import type { StoredProject } from "../../store/projects/projects.js"

/**
 * A source that is not valid text: a character reference naming no character (`&#x110000;`). The route
 * answers it as the request's SCHEMA_ERROR on `body.tsx_source`.
 */
export class InvalidTemplateSource extends Schema.TaggedError<InvalidTemplateSource>()("InvalidTemplateSource", {
  problem: Schema.String
}) {}

const usesSharedServer = (project: StoredProject) => project.config.emailConfig.type === "shared"

/** The templates the project has (and sends with), in the service's order. */
export const projectTemplates = (project: StoredProject): DbEffect<ReadonlyArray<StoredTemplate>> =>
  usesSharedServer(project)
    ? Effect.succeed(defaultTemplateEntries.map(([id, template]) => ({ id, ...template })))
    : effectiveTemplates(project.id)

const requireCustomServer = (project: StoredProject): Effect.Effect<void, RequiresCustomEmailServer> =>
  usesSharedServer(project) ? Effect.fail(new RequiresCustomEmailServer({})) : Effect.void

const findTemplate = (project: StoredProject, id: string): DbEffect<StoredTemplate, Refused> =>
  Effect.flatMap(projectTemplates(project), (templates) => {
    const found = templates.find((template) => template.id === id)
    return found === undefined
      ? Effect.fail(new Refused({ reason: "not-found", message: "No template found with given id" }))
      : Effect.succeed(found)
  })

/** `POST`: a template named `displayName` with the stock source and the project's theme; answers its id. */
export const createTemplate = (
  project: StoredProject,
  displayName: string
): DbEffect<string, RequiresCustomEmailServer> =>
  Effect.gen(function* () {
    yield* requireCustomServer(project)
    const id = yield* randomId
    const at = new Date(yield* Clock.currentTimeMillis)
    yield* saveTemplate(project.id, { id, displayName, tsxSource: newTemplateSource, themeId: null }, at)
    return id
  })

/**
 * The preview the service answers an update with: the new source rendered with the template's
 * `PreviewVariables`, `projectDisplayName` set to the project's name, a user "John Doe" and a project
 * "My Project", framed in `themeId` (the project's selected theme, as the service wraps it).
 */
export const previewTemplate = (
  project: Pick<StoredProject, "displayName">,
  tsxSource: string,
  themeId?: string
): Effect.Effect<string, EmailRenderingError | InvalidTemplateSource> => {
  const result = renderTemplate(tsxSource, {
    user: { displayName: "John Doe" },
    project: { displayName: "My Project" },
    variables: { projectDisplayName: project.displayName },
    preview: true,
    themeId
  })
  if (!result.ok) {
    return Effect.fail(
      result.kind === "invalid-character"
        ? new InvalidTemplateSource({ problem: result.error })
        : new EmailRenderingError({ details: { error: result.error } })
    )
  }
  if (result.value.subject === undefined) {
    return Effect.fail(new EmailRenderingError({ details: { error: SUBJECT_REQUIRED } }))
  }
  if (result.value.notificationCategory === undefined) {
    return Effect.fail(new EmailRenderingError({ details: { error: NOTIFICATION_CATEGORY_REQUIRED } }))
  }
  return Effect.succeed(result.value.html)
}

/** `PATCH`: checks, renders the preview, then stores the source (and the theme only when sent). */
export const updateTemplate = (
  project: StoredProject,
  id: string,
  update: EmailTemplateUpdate
): DbEffect<string, RequiresCustomEmailServer | Refused | EmailRenderingError | InvalidTemplateSource> =>
  Effect.gen(function* () {
    yield* requireCustomServer(project)
    const current = yield* findTemplate(project, id)
    const html = yield* previewTemplate(project, update.tsxSource, project.config.emailTheme)
    const next: StoredTemplate = {
      ...current,
      tsxSource: update.tsxSource,
      ...(update.themeId === undefined ? {} : { themeId: update.themeId })
    }
    yield* saveTemplate(project.id, next, new Date(yield* Clock.currentTimeMillis))
    return html
  })

/** `DELETE`: removes the template, a default one included. */
export const deleteTemplate = (
  project: StoredProject,
  id: string
): DbEffect<void, RequiresCustomEmailServer | Refused> =>
  Effect.gen(function* () {
    yield* requireCustomServer(project)
    const current = yield* findTemplate(project, id)
    yield* removeTemplate(project.id, current, new Date(yield* Clock.currentTimeMillis))
  })
