import * as Schema from "effect/Schema"
import { AccessType, ExpiredAtMillis } from "./fields.js"
import { knownError } from "./factory.js"
import { expiredAtSuffix, invalidAccessTypeMessage, legacyAccessTypeNote, restApiAuthDocs } from "./messages.js"

const projectId = { project_id: Schema.String }

/** The `PROJECT_KEY_WITHOUT_ACCESS_TYPE` known error (400). */
export class ProjectKeyWithoutAccessType extends knownError<ProjectKeyWithoutAccessType>()(
  "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
  400,
  "Either an API key or an admin access token was provided, but the x-hexclave-access-type header is missing. Set " +
    "it to 'client', 'server', or 'admin' as appropriate." +
    legacyAccessTypeNote
) {}
/** The `INVALID_ACCESS_TYPE` known error (400). */
export class InvalidAccessType extends knownError<InvalidAccessType>()(
  "INVALID_ACCESS_TYPE",
  400,
  invalidAccessTypeMessage(undefined)
) {}
/** The `ACCESS_TYPE_WITHOUT_PROJECT_ID` known error (400). */
export class AccessTypeWithoutProjectId extends knownError<AccessTypeWithoutProjectId>()(
  "ACCESS_TYPE_WITHOUT_PROJECT_ID",
  400,
  (d) =>
    `The x-hexclave-access-type header was '${d.request_type}', but the x-hexclave-project-id header was not ` +
    "provided. (The legacy x-stack-access-type and x-stack-project-id headers are also accepted.)" +
    restApiAuthDocs,
  { request_type: AccessType }
) {}
/** The `ACCESS_TYPE_REQUIRED` known error (400). */
export class AccessTypeRequired extends knownError<AccessTypeRequired>()(
  "ACCESS_TYPE_REQUIRED",
  400,
  "You must specify an access level for this Hexclave project. Make sure project API keys are provided (eg. " +
    "x-hexclave-publishable-client-key) and you set the x-hexclave-access-type header to 'client', 'server', or " +
    "'admin'. (The legacy x-stack-* equivalents are also accepted.)" +
    restApiAuthDocs
) {}
/** The `INSUFFICIENT_ACCESS_TYPE` known error (401). */
export class InsufficientAccessType extends knownError<InsufficientAccessType>()(
  "INSUFFICIENT_ACCESS_TYPE",
  401,
  (d) =>
    `The x-hexclave-access-type header must be ${d.allowed_access_types.map((t) => `'${t}'`).join(" or ")}, ` +
    `but was '${d.actual_access_type}'.` +
    legacyAccessTypeNote,
  { actual_access_type: AccessType, allowed_access_types: Schema.Array(AccessType) }
) {}
/** The `INVALID_PUBLISHABLE_CLIENT_KEY` known error (401). */
export class InvalidPublishableClientKey extends knownError<InvalidPublishableClientKey>()(
  "INVALID_PUBLISHABLE_CLIENT_KEY",
  401,
  (d) =>
    `The publishable key is not valid for the project ${JSON.stringify(d.project_id)}. Does the project and/or the key exist?`,
  projectId
) {}
/** The `INVALID_SECRET_SERVER_KEY` known error (401). */
export class InvalidSecretServerKey extends knownError<InvalidSecretServerKey>()(
  "INVALID_SECRET_SERVER_KEY",
  401,
  (d) =>
    `The secret server key is not valid for the project ${JSON.stringify(d.project_id)}. Does the project and/or the key exist?`,
  projectId
) {}
/** The `INVALID_SUPER_SECRET_ADMIN_KEY` known error (401). */
export class InvalidSuperSecretAdminKey extends knownError<InvalidSuperSecretAdminKey>()(
  "INVALID_SUPER_SECRET_ADMIN_KEY",
  401,
  (d) =>
    `The super secret admin key is not valid for the project ${JSON.stringify(d.project_id)}. Does the project and/or the key exist?`,
  projectId
) {}
/** The `UNPARSABLE_ADMIN_ACCESS_TOKEN` known error (401): "Admin access token is not parsable." */
export class UnparsableAdminAccessToken extends knownError<UnparsableAdminAccessToken>()(
  "UNPARSABLE_ADMIN_ACCESS_TOKEN",
  401,
  "Admin access token is not parsable."
) {}
/** The `ADMIN_ACCESS_TOKEN_EXPIRED` known error (401). */
export class AdminAccessTokenExpired extends knownError<AdminAccessTokenExpired>()(
  "ADMIN_ACCESS_TOKEN_EXPIRED",
  401,
  (d) => `Admin access token has expired. Please refresh it and try again.${expiredAtSuffix(d.expired_at_millis)}`,
  { expired_at_millis: ExpiredAtMillis }
) {}
/**
 * The `INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN` known error (401): "Admin access tokens must be created on the internal
 * project."
 */
export class InvalidProjectForAdminAccessToken extends knownError<InvalidProjectForAdminAccessToken>()(
  "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN",
  401,
  "Admin access tokens must be created on the internal project."
) {}
/** The `ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN` known error (401). */
export class AdminAccessTokenIsNotAdmin extends knownError<AdminAccessTokenIsNotAdmin>()(
  "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
  401,
  "Admin access token does not have the required permissions to access this project."
) {}
/** The `CLIENT_AUTHENTICATION_REQUIRED` known error (401): "The publishable client key must be provided." */
export class ClientAuthenticationRequired extends knownError<ClientAuthenticationRequired>()(
  "CLIENT_AUTHENTICATION_REQUIRED",
  401,
  "The publishable client key must be provided."
) {}
/**
 * The `PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT` known error (401). The hosted service sends
 * `project_id: null` when it does not know the project, hence nullable.
 */
export class PublishableClientKeyRequiredForProject extends knownError<PublishableClientKeyRequiredForProject>()(
  "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
  401,
  "Publishable client keys are required for this project. Create one in Project Keys, or disable this requirement " +
    "there to allow keyless client access.",
  { project_id: Schema.NullOr(Schema.String) }
) {}
/** The `SERVER_AUTHENTICATION_REQUIRED` known error (401): "The secret server key must be provided." */
export class ServerAuthenticationRequired extends knownError<ServerAuthenticationRequired>()(
  "SERVER_AUTHENTICATION_REQUIRED",
  401,
  "The secret server key must be provided."
) {}
/**
 * The `CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED` known error (401): "Either the publishable client key or the secret
 * server key must be provided."
 */
export class ClientOrServerAuthenticationRequired extends knownError<ClientOrServerAuthenticationRequired>()(
  "CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED",
  401,
  "Either the publishable client key or the secret server key must be provided."
) {}
/** The `CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED` known error (401). */
export class ClientOrAdminAuthenticationRequired extends knownError<ClientOrAdminAuthenticationRequired>()(
  "CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED",
  401,
  "Either the publishable client key or the super secret admin key must be provided."
) {}
/**
 * The `CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED` known error (401): the request carried none of the project's
 * keys.
 */
export class ClientOrServerOrAdminAuthenticationRequired extends knownError<ClientOrServerOrAdminAuthenticationRequired>()(
  "CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED",
  401,
  "Either the publishable client key, the secret server key, or the super secret admin key must be provided."
) {}
/** The `ADMIN_AUTHENTICATION_REQUIRED` known error (401): "The super secret admin key must be provided." */
export class AdminAuthenticationRequired extends knownError<AdminAuthenticationRequired>()(
  "ADMIN_AUTHENTICATION_REQUIRED",
  401,
  "The super secret admin key must be provided."
) {}
/** The `EXPECTED_INTERNAL_PROJECT` known error (401): "The project ID is expected to be internal." */
export class ExpectedInternalProject extends knownError<ExpectedInternalProject>()(
  "EXPECTED_INTERNAL_PROJECT",
  401,
  "The project ID is expected to be internal."
) {}
