/**
 * The configuration keys a MissingConfiguration names, as a schema (for validating or recording them). The
 * error itself names only the type, so that the client's first load carries no schema.
 */
import * as Schema from "effect/Schema"

/** Which piece of configuration is missing. */
export const ConfigurationKey = Schema.Literals(["projectId", "secretServerKey", "superSecretAdminKey", "baseUrl"])
export type ConfigurationKey = typeof ConfigurationKey.Type
