import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"

/** Any code this client does not know; the decoder maps unknown codes here. */
export class UnsupportedError extends knownError<UnsupportedError>()(
  "UNSUPPORTED_ERROR", 500,
  (d) => `The server sent an error this client does not support (it may be newer). Original code: ${d.originalErrorCode}`,
  { originalErrorCode: Schema.String }
) {}
export class BodyParsingError extends knownError<BodyParsingError>()(
  "BODY_PARSING_ERROR", 400, "The request body could not be parsed."
) {}
// Older hosted versions send no details, so the message field is optional.
export class SchemaError extends knownError<SchemaError>()(
  "SCHEMA_ERROR", 400, (d) => d.message ?? "The request did not match the endpoint's schema.",
  { message: Schema.optionalKey(Schema.String) }
) {}
export class AllOverloadsFailed extends knownError<AllOverloadsFailed>()(
  "ALL_OVERLOADS_FAILED", 400, "This endpoint has several overloads and the request matched none of them.",
  { overload_errors: Schema.Array(Schema.Json) }
) {}
export class ProjectNotFound extends knownError<ProjectNotFound>()(
  "PROJECT_NOT_FOUND", 404, (d) => `Project ${d.project_id} not found or not accessible with the current user.`,
  { project_id: Schema.String }
) {}
export class CurrentProjectNotFound extends knownError<CurrentProjectNotFound>()(
  "CURRENT_PROJECT_NOT_FOUND", 400,
  (d) => `The current project ${d.project_id} was not found. Check the x-stack-project-id header.`,
  { project_id: Schema.String }
) {}
export class EmailTemplateAlreadyExists extends knownError<EmailTemplateAlreadyExists>()(
  "EMAIL_TEMPLATE_ALREADY_EXISTS", 409, "An email template of this type already exists."
) {}
