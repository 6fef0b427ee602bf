/** Every wire schema of the domain layer, by name, for the property tests that check them all. */
import type * as Schema from "effect/Schema"
import * as D from "../../src/domain/index.js"

export const wireSchemas = {
  ClientUser: D.ClientUser,
  ServerUser: D.ServerUser,
  ClientUserUpdate: D.ClientUserUpdate,
  ServerUserUpdate: D.ServerUserUpdate,
  ServerUserCreate: D.ServerUserCreate,
  ClientTeam: D.ClientTeam,
  ServerTeam: D.ServerTeam,
  TeamCreate: D.TeamCreate,
  ServerTeamCreate: D.ServerTeamCreate,
  TeamUpdate: D.TeamUpdate,
  ServerTeamUpdate: D.ServerTeamUpdate,
  TeamMemberProfile: D.TeamMemberProfile,
  ServerTeamMemberProfile: D.ServerTeamMemberProfile,
  TeamMemberProfileUpdate: D.TeamMemberProfileUpdate,
  TeamMembership: D.TeamMembership,
  TeamInvitation: D.TeamInvitation,
  TeamInvitationSent: D.TeamInvitationSent,
  TeamInvitationDetails: D.TeamInvitationDetails,
  TeamPermission: D.TeamPermission,
  PermissionDefinition: D.PermissionDefinition,
  PermissionDefinitionCreate: D.PermissionDefinitionCreate,
  PermissionDefinitionUpdate: D.PermissionDefinitionUpdate,
  ContactChannel: D.ContactChannel,
  ContactChannelCreate: D.ContactChannelCreate,
  ContactChannelUpdate: D.ContactChannelUpdate,
  ClientProject: D.ClientProject,
  AdminProject: D.AdminProject,
  AdminProjectUpdate: D.AdminProjectUpdate,
  AdminProjectCreate: D.AdminProjectCreate,
  ApiKey: D.ApiKey,
  ApiKeyCreated: D.ApiKeyCreated,
  ApiKeyCreate: D.ApiKeyCreate,
  ApiKeyUpdate: D.ApiKeyUpdate,
  EmailTemplate: D.EmailTemplate,
  EmailTemplateList: D.EmailTemplateList,
  EmailTemplateCreate: D.EmailTemplateCreate,
  EmailTemplateCreated: D.EmailTemplateCreated,
  EmailTemplateUpdate: D.EmailTemplateUpdate,
  EmailTemplateRendered: D.EmailTemplateRendered,
  PasswordSignInResponse: D.PasswordSignInResponse,
  SignInResponse: D.SignInResponse,
  OtpSendResponse: D.OtpSendResponse,
  RefreshTokenResponse: D.RefreshTokenResponse,
  AuthorizationCodeResponse: D.AuthorizationCodeResponse,
  OAuthErrorResponse: D.OAuthErrorResponse,
  ServerSessionCreate: D.ServerSessionCreate,
  ServerSessionResponse: D.ServerSessionResponse,
  ConnectedAccountAccessToken: D.ConnectedAccountAccessToken,
  SuccessResponse: D.SuccessResponse,
  AccessTokenClaims: D.AccessTokenClaims,
  SessionInfo: D.SessionInfo,
  "ListResponse(ServerUser)": D.ListResponse(D.ServerUser),
  "ListResponse(TeamPermission)": D.ListResponse(D.TeamPermission)
} as const

/** A wire schema as the tests use it. */
export type WireSchema = Schema.Codec<unknown, unknown>

/** The entries of {@link wireSchemas}. */
export const wireSchemaEntries = Object.entries(wireSchemas) as unknown as ReadonlyArray<readonly [string, WireSchema]>
