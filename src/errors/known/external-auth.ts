/**
 * The known errors of `POST /auth/external/token` (an app signed in with Clerk, Better Auth or WorkOS exchanges
 * that provider's session token for a session). Both carry a `reason`; the service's SDK reads a reason it does
 * not know as `"unknown"`, so the reasons are kept as text here (the known ones are listed on each class). The
 * messages are the service's (hexclave/hexclave `packages/shared/src/known-errors.tsx` at 1fcb9926).
 */
import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"

const reason = { reason: Schema.String }

/**
 * The `EXTERNAL_AUTH_PROVIDER_NOT_CONFIGURED` known error (400): the project has not enabled the provider's
 * integration app, or a setting it needs is missing or invalid. Reasons: `provider_disabled`,
 * `required_setting_missing`, `invalid_authorized_party`, `unknown`.
 */
export class ExternalAuthProviderNotConfigured extends knownError<ExternalAuthProviderNotConfigured>()(
  "EXTERNAL_AUTH_PROVIDER_NOT_CONFIGURED",
  400,
  (d) => `The external authentication provider is not configured or enabled for this project (${d.reason}).`,
  reason
) {}

/**
 * The `INVALID_EXTERNAL_AUTH_TOKEN` known error (401): the provider's token could not be verified. Reasons:
 * `malformed_token`, `signature_mismatch`, `expired`, `issuer_mismatch`, `audience_mismatch`,
 * `authorized_party_mismatch`, `client_id_mismatch`, `unsupported_token_type`, `missing_claim`, `unknown`.
 */
export class InvalidExternalAuthToken extends knownError<InvalidExternalAuthToken>()(
  "INVALID_EXTERNAL_AUTH_TOKEN",
  401,
  (d) => `The external authentication token could not be verified (${d.reason}). Please sign in again.`,
  reason
) {}
