/**
 * Projects: the client view (`GET /projects/current`), the admin view (`/internal/projects/current` and the
 * owner's list), and admin inputs.
 */
import { OnboardingState, OnboardingStateWrite } from "./project-onboarding.js"
import * as Schema from "effect/Schema"
import { IdRef, Millis, nullableKey, wireStruct } from "./wire.js"

/**
 * The OAuth providers the hosted service knows (`id` of a provider entry); a write naming another id is a
 * SCHEMA_ERROR there.
 */
export const OAUTH_PROVIDER_IDS = [
  "google",
  "github",
  "microsoft",
  "spotify",
  "facebook",
  "discord",
  "gitlab",
  "bitbucket",
  "linkedin",
  "apple",
  "x",
  "twitch"
] as const
/** The id of an OAuth provider the hosted service supports (`github`, `google`, ...), as a project config writes it. */
export const OAuthProviderId = Schema.Literals(OAUTH_PROVIDER_IDS)
export type OAuthProviderId = typeof OAuthProviderId.Type

/** Settings a provider entry may carry whatever its type (the service omits a setting that is unset). */
const providerExtras = {
  facebookConfigId: Schema.optionalKey(Schema.String),
  microsoftTenantId: Schema.optionalKey(Schema.String),
  appleBundleIds: Schema.optionalKey(Schema.Array(Schema.String)),
  /**
   * Sign in with Apple through a key instead of a client secret (the service since April 2026): the team id,
   * key id and private key (PEM) that sign the client secret JWT; all three, or none.
   */
  appleTeamId: Schema.optionalKey(Schema.String),
  appleKeyId: Schema.optionalKey(Schema.String),
  applePrivateKey: Schema.optionalKey(Schema.String)
}

/**
 * An OAuth provider as the service reads it back: `providerConfigId` is the key of its entry in the
 * project's config. The id stays a plain string on read so that a provider the service adds later still
 * decodes. There is no `enabled` flag any more: a provider listed is one users may sign in with.
 */
export const SharedOAuthProviderConfig = wireStruct({
  providerConfigId: Schema.String,
  id: Schema.String,
  type: Schema.Literal("shared"),
  // A shared provider may still carry the keys it had while it was standard.
  clientId: Schema.optionalKey(Schema.String),
  clientSecret: Schema.optionalKey(Schema.String),
  ...providerExtras
})

/** An OAuth provider on the project's own keys, as read back. */
export const StandardOAuthProviderConfig = wireStruct({
  providerConfigId: Schema.String,
  id: Schema.String,
  type: Schema.Literal("standard"),
  clientId: Schema.String,
  clientSecret: Schema.String,
  ...providerExtras
})

/**
 * One OAuth provider of a project: with the service's shared keys (development) or the project's own client id and
 * secret.
 */
export const OAuthProviderConfig = Schema.Union([SharedOAuthProviderConfig, StandardOAuthProviderConfig])
export type OAuthProviderConfig = typeof OAuthProviderConfig.Type

/** A shared provider as written: the read entry without `providerConfigId` (the service refuses that key). */
export const SharedOAuthProviderWrite = wireStruct({
  id: OAuthProviderId,
  type: Schema.Literal("shared"),
  clientId: Schema.optionalKey(Schema.String),
  clientSecret: Schema.optionalKey(Schema.String),
  ...providerExtras
})

/** A provider on the project's own keys as written. */
export const StandardOAuthProviderWrite = wireStruct({
  id: OAuthProviderId,
  type: Schema.Literal("standard"),
  clientId: Schema.String,
  clientSecret: Schema.String,
  ...providerExtras
})

/** One entry of `config.oauthProviders` in an update; the list written replaces the project's whole list. */
export const OAuthProviderWrite = Schema.Union([SharedOAuthProviderWrite, StandardOAuthProviderWrite])
export type OAuthProviderWrite = typeof OAuthProviderWrite.Type

/** Emails sent through Stack's shared sender. */
export const SharedEmailConfig = Schema.Struct({ type: Schema.Literal("shared") })

/** An SMTP server and the sender it sends as (the standard email config, and the test email's config). @internal */
export const smtpServerFields = {
  host: Schema.String,
  port: Schema.Int,
  username: Schema.String,
  password: Schema.String,
  senderName: Schema.String,
  senderEmail: Schema.String
}

/** Emails sent through the project's own SMTP server. */
export const StandardEmailConfig = wireStruct({ type: Schema.Literal("standard"), ...smtpServerFields })

/** How a project sends e-mail: through the shared sender, or its own SMTP server. */
export const EmailConfig = Schema.Union([SharedEmailConfig, StandardEmailConfig])
export type EmailConfig = typeof EmailConfig.Type

/** A trusted domain (a URL such as `https://app.example.com`) and the handler path served there. */
export const ProjectDomain = wireStruct({ domain: Schema.String, handlerPath: Schema.String })
export type ProjectDomain = typeof ProjectDomain.Type

/** How a sign-in through OAuth treats an existing user with the same e-mail address. */
export const OAuthAccountMergeStrategy = Schema.Literals(["link_method", "raise_error", "allow_duplicates"])
export type OAuthAccountMergeStrategy = typeof OAuthAccountMergeStrategy.Type

/** The steps of the hosted dashboard's project onboarding; `completed` for a project past it. */
export const OnboardingStatus = Schema.Literals([
  "config_choice",
  "apps_selection",
  "auth_setup",
  "domain_setup",
  "email_theme_setup",
  "payments_setup",
  "welcome",
  "completed"
])
export type OnboardingStatus = typeof OnboardingStatus.Type

/** The id of the service's "Default Light" email theme, every new project's theme. */
export const DEFAULT_EMAIL_THEME_ID = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac"

const clientConfigFields = {
  signUpEnabled: Schema.Boolean,
  credentialEnabled: Schema.Boolean,
  magicLinkEnabled: Schema.Boolean,
  passkeyEnabled: Schema.Boolean,
  clientTeamCreationEnabled: Schema.Boolean,
  clientUserDeletionEnabled: Schema.Boolean,
  allowUserApiKeys: Schema.Boolean,
  allowTeamApiKeys: Schema.Boolean,
  /** The client view's oauthProviders: the ids of the providers users may sign in with. */
  enabledOauthProviders: Schema.Array(IdRef),
  domains: Schema.Array(ProjectDomain)
}

/** Switches only newer versions of the service send (April 2026): promotion codes at checkout. */
const promoCodeFields = {
  allowPromoCodes: Schema.optionalKey(Schema.Boolean),
  allowStackingPromoCodes: Schema.optionalKey(Schema.Boolean)
}

/** The configuration any client may read: which sign-in methods are enabled and what users may do themselves. */
export const ClientProjectConfig = wireStruct({
  ...clientConfigFields,
  /** Sent by newer versions of the service than the one these shapes follow; absent otherwise. */
  allowLocalhost: Schema.optionalKey(Schema.Boolean),
  ...promoCodeFields
})
export type ClientProjectConfig = typeof ClientProjectConfig.Type

/** A problem the service found with the project's configuration (`{ message }`). */
export const ConfigProblem = Schema.Struct({ message: Schema.String })
export type ConfigProblem = typeof ConfigProblem.Type

/**
 * What the service says about the project's configuration since April 2026, each absent from older ones:
 * whether the project is a development environment, why the config last pushed to it was refused (`null`
 * when it was not), and warnings about the config it runs with.
 */
const configStateFields = {
  isDevelopmentEnvironment: Schema.optionalKey(Schema.Boolean),
  pushedConfigError: Schema.optionalKey(Schema.NullOr(ConfigProblem)),
  configWarnings: Schema.optionalKey(Schema.Array(ConfigProblem))
}

/** What any client may know about the project it talks to (`GET /projects/current`, every access type). */
export const ClientProject = wireStruct({
  id: Schema.String,
  displayName: Schema.String,
  ...configStateFields,
  config: ClientProjectConfig
})
export type ClientProject = typeof ClientProject.Type

/**
 * A project's whole configuration as admins read and update it: the client part plus OAuth providers, e-mail, trusted
 * domains and the rest.
 */
export const AdminProjectConfig = wireStruct({
  ...clientConfigFields,
  allowLocalhost: Schema.Boolean,
  oauthProviders: Schema.Array(OAuthProviderConfig),
  emailConfig: EmailConfig,
  /** The id of the email theme the project's emails are rendered with. */
  emailTheme: Schema.String,
  createTeamOnSignUp: Schema.Boolean,
  teamCreatorDefaultPermissions: Schema.Array(IdRef),
  teamMemberDefaultPermissions: Schema.Array(IdRef),
  /** Project permissions every new user gets. */
  userDefaultPermissions: Schema.Array(IdRef),
  oauthAccountMergeStrategy: OAuthAccountMergeStrategy,
  ...promoCodeFields
})
export type AdminProjectConfig = typeof AdminProjectConfig.Type

/** The project's four logos (URLs), `null` when unset. */
const logoFields = {
  logoUrl: nullableKey(Schema.String),
  logoFullUrl: nullableKey(Schema.String),
  logoDarkModeUrl: nullableKey(Schema.String),
  logoFullDarkModeUrl: nullableKey(Schema.String)
}

/**
 * The whole project, as an admin sees it (`GET /internal/projects/current`, and each of the owner's projects in
 * `GET /internal/projects`).
 */
export const AdminProject = wireStruct(
  {
    id: Schema.String,
    displayName: Schema.String,
    description: nullableKey(Schema.String),
    createdAt: Millis,
    isProductionMode: Schema.Boolean,
    ...logoFields,
    /** The team of the `internal` project that owns it; `null` for `internal` itself and seeded projects. */
    ownerTeamId: nullableKey(Schema.String),
    onboardingStatus: Schema.String,
    config: AdminProjectConfig,
    ...configStateFields,
    /** What the dashboard's onboarding chose so far (project-onboarding.ts); `null` or absent when nothing. */
    onboardingState: Schema.optionalKey(Schema.NullOr(OnboardingState))
  },
  { createdAt: "created_at_millis" }
)
export type AdminProject = typeof AdminProject.Type

/**
 * The config part of an admin update; absent keys are left unchanged. A list given (OAuth providers, domains,
 * default permissions) replaces the project's whole list. The service refuses any key not listed here
 * (SCHEMA_ERROR), so keys it dropped (`legacy_global_jwt_signing`, a provider's `enabled`) are not sendable.
 */
export const AdminProjectConfigUpdate = wireStruct({
  signUpEnabled: Schema.optionalKey(Schema.Boolean),
  credentialEnabled: Schema.optionalKey(Schema.Boolean),
  magicLinkEnabled: Schema.optionalKey(Schema.Boolean),
  passkeyEnabled: Schema.optionalKey(Schema.Boolean),
  clientTeamCreationEnabled: Schema.optionalKey(Schema.Boolean),
  clientUserDeletionEnabled: Schema.optionalKey(Schema.Boolean),
  allowLocalhost: Schema.optionalKey(Schema.Boolean),
  allowUserApiKeys: Schema.optionalKey(Schema.Boolean),
  allowTeamApiKeys: Schema.optionalKey(Schema.Boolean),
  createTeamOnSignUp: Schema.optionalKey(Schema.Boolean),
  oauthProviders: Schema.optionalKey(Schema.Array(OAuthProviderWrite)),
  emailConfig: Schema.optionalKey(EmailConfig),
  /** An existing email theme's id (else a plain 400 `Invalid email theme`). */
  emailTheme: Schema.optionalKey(Schema.String),
  domains: Schema.optionalKey(Schema.Array(ProjectDomain)),
  teamCreatorDefaultPermissions: Schema.optionalKey(Schema.Array(IdRef)),
  teamMemberDefaultPermissions: Schema.optionalKey(Schema.Array(IdRef)),
  userDefaultPermissions: Schema.optionalKey(Schema.Array(IdRef)),
  oauthAccountMergeStrategy: Schema.optionalKey(OAuthAccountMergeStrategy),
  /** Write-only: the service stores it but never reads it back in the project. */
  requireEmailVerification: Schema.optionalKey(Schema.Boolean)
})
export type AdminProjectConfigUpdate = typeof AdminProjectConfigUpdate.Type

const updateFields = {
  displayName: Schema.optionalKey(Schema.String),
  /** `null` is stored as `""`. */
  description: Schema.optionalKey(Schema.NullOr(Schema.String)),
  isProductionMode: Schema.optionalKey(Schema.Boolean),
  logoUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  logoFullUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  logoDarkModeUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  logoFullDarkModeUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  onboardingStatus: Schema.optionalKey(OnboardingStatus),
  onboardingState: Schema.optionalKey(Schema.NullOr(OnboardingStateWrite)),
  config: Schema.optionalKey(AdminProjectConfigUpdate)
}

/** `PATCH /internal/projects/current` body (admin tier). */
export const AdminProjectUpdate = wireStruct(updateFields)
export type AdminProjectUpdate = typeof AdminProjectUpdate.Type

/**
 * `POST /internal/projects` body (a signed-in user of the internal project): the update's keys plus the
 * required name and owner team, a team of `internal` the user belongs to.
 */
export const AdminProjectCreate = wireStruct({
  ...updateFields,
  displayName: Schema.String,
  ownerTeamId: Schema.String,
  /** Sent by the official SDK to newer versions of the service; accepted and ignored here. */
  isDevelopmentEnvironment: Schema.optionalKey(Schema.Boolean)
})
export type AdminProjectCreate = typeof AdminProjectCreate.Type

/** `POST /internal/projects/transfer` body: hands a project to another team of `internal`. */
export const ProjectTransfer = wireStruct({ projectId: Schema.String, newTeamId: Schema.String })
export type ProjectTransfer = typeof ProjectTransfer.Type

/** The transfer's answer: the service writes `success` as the string `"true"`, not the boolean. */
export const ProjectTransferResponse = Schema.Struct({ success: Schema.Literal("true") })
