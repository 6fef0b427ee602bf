/** The error `EmailTemplates.get` names for an id the project's list lacks (the API has no such read). */
import * as Schema from "effect/Schema"

/**
 * The project has no template with this id (deleted, never created, or in another project). The API answers
 * it with a plain 404 (`No template found with given id`) rather than a known error, so the client names it.
 */
export class EmailTemplateNotFound extends Schema.TaggedError<EmailTemplateNotFound>()("EmailTemplateNotFound", {
  templateId: Schema.String,
  message: Schema.String
}) {}
