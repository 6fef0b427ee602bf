import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"
import { allOverloadsFailedMessage } from "./messages.js"

/** Any code this client does not know; the decoder maps unknown codes here. */
export class UnsupportedError extends knownError<UnsupportedError>()(
  "UNSUPPORTED_ERROR",
  500,
  (d) =>
    "An error occurred that is not currently supported (possibly because it was added in a version of Stack that is " +
    `newer than this client). The original unsupported error code was: ${d.originalErrorCode}`,
  { originalErrorCode: Schema.String }
) {}
/** The `BODY_PARSING_ERROR` known error (400): "The request body could not be parsed." */
export class BodyParsingError extends knownError<BodyParsingError>()(
  "BODY_PARSING_ERROR",
  400,
  "The request body could not be parsed."
) {}
// Older hosted versions send no details, so the message field is optional.
/** The `SCHEMA_ERROR` known error (400). */
export class SchemaError extends knownError<SchemaError>()(
  "SCHEMA_ERROR",
  400,
  (d) => d.message ?? "The request did not match the endpoint's schema.",
  { message: Schema.optionalKey(Schema.String) }
) {}
/** The `ALL_OVERLOADS_FAILED` known error (400). */
export class AllOverloadsFailed extends knownError<AllOverloadsFailed>()(
  "ALL_OVERLOADS_FAILED",
  400,
  (d) => allOverloadsFailedMessage(d.overload_errors),
  { overload_errors: Schema.Array(Schema.Json) }
) {}
/** The `PROJECT_NOT_FOUND` known error (404). */
export class ProjectNotFound extends knownError<ProjectNotFound>()(
  "PROJECT_NOT_FOUND",
  404,
  (d) => `Project ${d.project_id} not found or is not accessible with the current user.`,
  { project_id: Schema.String }
) {}
/** The `CURRENT_PROJECT_NOT_FOUND` known error (400). */
export class CurrentProjectNotFound extends knownError<CurrentProjectNotFound>()(
  "CURRENT_PROJECT_NOT_FOUND",
  400,
  (d) =>
    `The current project with ID ${d.project_id} was not found. Please check the value of the x-hexclave-project-id ` +
    "header. (The legacy x-stack-project-id header is also accepted.)",
  { project_id: Schema.String }
) {}
/** The `EMAIL_TEMPLATE_ALREADY_EXISTS` known error (409): "Email template already exists." */
export class EmailTemplateAlreadyExists extends knownError<EmailTemplateAlreadyExists>()(
  "EMAIL_TEMPLATE_ALREADY_EXISTS",
  409,
  "Email template already exists."
) {}
/**
 * The `BRANCH_DOES_NOT_EXIST` known error (400): the `x-stack-branch-id` header names no branch of the project.
 * stackfx sends no branch header (the hosted service then uses `main`, which always exists), so only a
 * request built by hand meets it.
 */
export class BranchDoesNotExist extends knownError<BranchDoesNotExist>()(
  "BRANCH_DOES_NOT_EXIST",
  400,
  (d) => `The branch with ID ${d.branch_id} does not exist.`,
  { branch_id: Schema.String }
) {}
/**
 * The `INVALID_POLLING_CODE` known error (400), of the hosted CLI sign-in's polling. The hosted constructor
 * takes free JSON details but its one raise site passes none, so none are read.
 */
export class InvalidPollingCode extends knownError<InvalidPollingCode>()(
  "INVALID_POLLING_CODE",
  400,
  "The polling code is invalid or does not exist."
) {}
/**
 * The `REQUIRES_CUSTOM_EMAIL_SERVER` known error (400): the project sends through the shared email server,
 * which always uses the default templates, so templates cannot be created, changed or deleted.
 */
export class RequiresCustomEmailServer extends knownError<RequiresCustomEmailServer>()(
  "REQUIRES_CUSTOM_EMAIL_SERVER",
  400,
  "This action requires a custom SMTP server. Please edit your email server configuration and try again."
) {}
/**
 * The `EMAIL_RENDERING_ERROR` known error (400): a template's source did not render, or sets no `Subject` or
 * no `NotificationCategory`; `error` says which.
 */
export class EmailRenderingError extends knownError<EmailRenderingError>()(
  "EMAIL_RENDERING_ERROR",
  400,
  (d) => `Failed to render email with theme: ${d.error}`,
  { error: Schema.String }
) {}
/** The `TEMPLATE_SOURCE_REWRITE_ERROR` known error (400): an email template's source could not be rewritten. */
export class TemplateSourceRewriteError extends knownError<TemplateSourceRewriteError>()(
  "TEMPLATE_SOURCE_REWRITE_ERROR",
  400,
  (d) => `Failed to rewrite template source: ${d.error}`,
  { error: Schema.String }
) {}
