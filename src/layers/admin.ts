/**
 * The admin tier: everything of the server tier plus project administration, with the super-secret admin
 * key or an admin access token (an `internal` user who owns the project): the project itself, API keys,
 * email templates, team and project permission definitions, the project config, the webhook portal token, metrics and test emails.
 *
 * @example
 * const layer = adminTier({ projectId, superSecretAdminKey })
 * // or, for a signed-in dashboard user: adminTier({ projectId, adminAccessToken })
 */
import type * as Config from "effect/Config"
import * as Layer from "effect/Layer"
import { ApiKeys } from "../services/generated/project-keys.js"
import { EmailTemplates } from "../services/generated/email-templates.js"
import { Metrics } from "../services/generated/metrics.js"
import { PermissionDefinitions, ProjectPermissionDefinitions } from "../services/generated/permission-definitions.js"
import { ProjectConfig } from "../services/generated/project-config.js"
import { AdminProjects } from "../services/generated/projects.js"
import { TestEmail } from "../services/generated/test-email.js"
import { Webhooks } from "../services/generated/webhooks.js"
import type { AdminTierOptions } from "./config.js"
import type { CoreServices } from "./core.js"
import { type ServerEndpointServices, serverEndpoints } from "./server.js"
import { makeTier, type TierBaseServices, type TierError, tierFromEnv } from "./tier.js"

/** The endpoint services only the admin tier has. */
export type AdminOnlyServices =
  | AdminProjects
  | ApiKeys
  | EmailTemplates
  | PermissionDefinitions
  | ProjectPermissionDefinitions
  | ProjectConfig
  | Webhooks
  | Metrics
  | TestEmail

/** Every endpoint group of the admin tier: the server tier's and the admin-only ones. */
export type AdminEndpointServices = ServerEndpointServices | AdminOnlyServices

/** Everything an admin-tier program may use. */
export type AdminServices = TierBaseServices | AdminEndpointServices

/** The admin tier's endpoint services over any core. */
export const adminEndpoints: Layer.Layer<AdminEndpointServices, never, CoreServices> = Layer.mergeAll(
  serverEndpoints,
  AdminProjects.layer,
  ApiKeys.layer,
  EmailTemplates.layer,
  PermissionDefinitions.layer,
  ProjectPermissionDefinitions.layer,
  ProjectConfig.layer,
  Webhooks.layer,
  Metrics.layer,
  TestEmail.layer
)

/** `adminTier({ projectId, superSecretAdminKey })` or `adminTier({ projectId, adminAccessToken })` */
export const adminTier = (options: AdminTierOptions): Layer.Layer<AdminServices, TierError> =>
  makeTier("admin", options, adminEndpoints)

/** The admin tier from `HEXCLAVE_PROJECT_ID`, `HEXCLAVE_SUPER_SECRET_ADMIN_KEY` (or their `STACK_*` names, and the others); `overrides` win. */
export const adminTierFromEnv = (
  overrides: AdminTierOptions = {}
): Layer.Layer<AdminServices, TierError | Config.ConfigError> => tierFromEnv(adminTier, overrides)
