/** Projects: the client view and the admin view of `GET /projects/current`, and admin inputs. */
import * as Schema from "effect/Schema"
import { IdRef, Millis, nullableKey, wireStruct } from "./wire.js"

/** An OAuth provider on Stack's shared development keys. */
export const SharedOAuthProviderConfig = wireStruct({
  id: Schema.String,
  enabled: Schema.Boolean,
  type: Schema.Literal("shared")
})

/** An OAuth provider on the project's own keys. */
export const StandardOAuthProviderConfig = wireStruct({
  id: Schema.String,
  enabled: Schema.Boolean,
  type: Schema.Literal("standard"),
  clientId: Schema.String,
  clientSecret: Schema.String,
  facebookConfigId: Schema.optionalKey(Schema.String),
  microsoftTenantId: Schema.optionalKey(Schema.String)
})

/**
 * One OAuth provider of a project: with the service's shared keys (development) or the project's own client id and
 * secret.
 */
export const OAuthProviderConfig = Schema.Union([SharedOAuthProviderConfig, StandardOAuthProviderConfig])
export type OAuthProviderConfig = typeof OAuthProviderConfig.Type

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

const clientConfigFields = {
  signUpEnabled: Schema.Boolean,
  credentialEnabled: Schema.Boolean,
  magicLinkEnabled: Schema.Boolean,
  passkeyEnabled: Schema.Boolean,
  clientTeamCreationEnabled: Schema.Boolean,
  clientUserDeletionEnabled: Schema.Boolean,
  /** The client view's oauthProviders: the ids of the enabled providers. */
  enabledOauthProviders: Schema.Array(IdRef)
}

/** The configuration any client may read: which sign-in methods are enabled and what users may do themselves. */
export const ClientProjectConfig = wireStruct(clientConfigFields)
export type ClientProjectConfig = typeof ClientProjectConfig.Type

/** What any client may know about the project it talks to. */
export const ClientProject = wireStruct({
  id: Schema.String,
  displayName: Schema.String,
  config: ClientProjectConfig
})
export type ClientProject = typeof ClientProject.Type

/**
 * A project's whole configuration as admins read and update it: the client part plus OAuth providers, e-mail, trusted
 * domains and the rest.
 */
export const AdminProjectConfig = wireStruct({
  ...clientConfigFields,
  id: Schema.String,
  allowLocalhost: Schema.Boolean,
  oauthProviders: Schema.Array(OAuthProviderConfig),
  emailConfig: EmailConfig,
  domains: Schema.Array(ProjectDomain),
  createTeamOnSignUp: Schema.Boolean,
  teamCreatorDefaultPermissions: Schema.Array(IdRef),
  teamMemberDefaultPermissions: Schema.Array(IdRef),
  legacyGlobalJwtSigning: Schema.Boolean
})
export type AdminProjectConfig = typeof AdminProjectConfig.Type

/** The whole project, as an admin sees it. */
export const AdminProject = wireStruct(
  {
    id: Schema.String,
    displayName: Schema.String,
    description: nullableKey(Schema.String),
    createdAt: Millis,
    userCount: Schema.Int,
    isProductionMode: Schema.Boolean,
    config: AdminProjectConfig
  },
  { createdAt: "created_at_millis" }
)
export type AdminProject = typeof AdminProject.Type

/** The config part of an admin update; absent keys are left unchanged. */
export const AdminProjectConfigUpdate = wireStruct({
  signUpEnabled: Schema.optionalKey(Schema.Boolean),
  credentialEnabled: Schema.optionalKey(Schema.Boolean),
  magicLinkEnabled: Schema.optionalKey(Schema.Boolean),
  passkeyEnabled: Schema.optionalKey(Schema.Boolean),
  clientTeamCreationEnabled: Schema.optionalKey(Schema.Boolean),
  clientUserDeletionEnabled: Schema.optionalKey(Schema.Boolean),
  allowLocalhost: Schema.optionalKey(Schema.Boolean),
  createTeamOnSignUp: Schema.optionalKey(Schema.Boolean),
  legacyGlobalJwtSigning: Schema.optionalKey(Schema.Boolean),
  oauthProviders: Schema.optionalKey(Schema.Array(OAuthProviderConfig)),
  emailConfig: Schema.optionalKey(EmailConfig),
  domains: Schema.optionalKey(Schema.Array(ProjectDomain)),
  teamCreatorDefaultPermissions: Schema.optionalKey(Schema.Array(IdRef)),
  teamMemberDefaultPermissions: Schema.optionalKey(Schema.Array(IdRef))
})
export type AdminProjectConfigUpdate = typeof AdminProjectConfigUpdate.Type

/** `PATCH /projects/current` body (admin tier). */
export const AdminProjectUpdate = wireStruct({
  displayName: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.NullOr(Schema.String)),
  isProductionMode: Schema.optionalKey(Schema.Boolean),
  config: Schema.optionalKey(AdminProjectConfigUpdate)
})
export type AdminProjectUpdate = typeof AdminProjectUpdate.Type

/** `POST /internal/projects` body (a signed-in user of the internal project). */
export const AdminProjectCreate = wireStruct({
  displayName: Schema.String,
  description: Schema.optionalKey(Schema.NullOr(Schema.String)),
  isProductionMode: Schema.optionalKey(Schema.Boolean),
  config: Schema.optionalKey(AdminProjectConfigUpdate)
})
export type AdminProjectCreate = typeof AdminProjectCreate.Type
