/**
 * The tiers: the Layers a program is provided with (`clientTier`, `serverTier`, `adminTier`, their `*FromEnv`
 * forms and options), what each provides, and the bot challenge a tier's sign-ups and sign-ins pass.
 *
 * Part of the root entry (src/index.ts); every statement here carries its `@category` (docs/api-report.md groups
 * the entry's names by it). Never write the internal JSDoc tag, at-sign and all, above an export line here:
 * `stripInternal` would drop the line from the declarations (scripts/check-declarations.ts checks).
 */

/** @category Tiers */
export { adminEndpoints, adminTier, adminTierFromEnv } from "../layers/admin.js"
/** @category Tiers */
export type { AdminEndpointServices, AdminOnlyServices, AdminServices } from "../layers/admin.js"
/** @category Tiers */
export { clientEndpoints, clientTier, clientTierFromEnv } from "../layers/client.js"
/** @category Tiers */
export type { ClientEndpointServices, ClientServices } from "../layers/client.js"
/** @category Tiers */
export { resolveTierConfig } from "../layers/config.js"
/** @category Tiers */
export type {
  AdminTierOptions,
  AnyTierOptions,
  ClientTierOptions,
  ServerTierOptions,
  TokenStoreOption
} from "../layers/config.js"
/** @category Tiers */
export type { BotChallenge, BotChallengeAction, BotChallengeSource } from "../domain/bot-challenge.js"
/** @category Tiers */
export { coreLayer, layerCore } from "../layers/core.js"
/** @category Tiers */
export type { CoreServices } from "../layers/core.js"
/** @category Tiers */
export { serverEndpoints, serverTier, serverTierFromEnv } from "../layers/server.js"
/** @category Tiers */
export type { ServerEndpointServices, ServerOnlyServices, ServerServices } from "../layers/server.js"
/** @category Tiers */
export { tierOptionsFromEnv } from "../layers/tier.js"
/** @category Tiers */
export type { TierBaseServices, TierError } from "../layers/tier.js"
/** @category Tiers */
export { isUniqueIdentifierInUse } from "../layers/unique-app.js"
