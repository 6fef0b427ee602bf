import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"

/** The `API_KEY_NOT_FOUND` known error (404): "API key not found." */
export class ApiKeyNotFound extends knownError<ApiKeyNotFound>()("API_KEY_NOT_FOUND", 404, "API key not found.") {}
/** The `PUBLIC_API_KEY_CANNOT_BE_REVOKED` known error (400): "Public API keys cannot be revoked by the secretscanner endpoint." */
export class PublicApiKeyCannotBeRevoked extends knownError<PublicApiKeyCannotBeRevoked>()(
  "PUBLIC_API_KEY_CANNOT_BE_REVOKED",
  400,
  "Public API keys cannot be revoked by the secretscanner endpoint."
) {}
/** The `API_KEY_EXPIRED` known error (401): "API key has expired." */
export class ApiKeyExpired extends knownError<ApiKeyExpired>()("API_KEY_EXPIRED", 401, "API key has expired.") {}
/** The `API_KEY_REVOKED` known error (401): "API key has been revoked." */
export class ApiKeyRevoked extends knownError<ApiKeyRevoked>()("API_KEY_REVOKED", 401, "API key has been revoked.") {}
/** The `WRONG_API_KEY_TYPE` known error (400). */
export class WrongApiKeyType extends knownError<WrongApiKeyType>()(
  "WRONG_API_KEY_TYPE",
  400,
  (d) => `This endpoint is for ${d.expected_type} API keys, but a ${d.actual_type} API key was provided.`,
  { expected_type: Schema.String, actual_type: Schema.String }
) {}
